/**
 * Shared pieces of the JSON API route handlers (app/api/**): JSON responses, the 404 answer,
 * the `q` parameter of simple lists, public-id checks. Errors: lib/errors.ts.
 */
import { AppError, apiMessage, badParam } from '@/lib/errors';
import { MAX_QUERY_LENGTH } from '@/lib/validation/listing';

/** Route handlers read the database per request: never prerendered, never cached. */
export const NO_STORE = { 'cache-control': 'no-store' } as const;

/** 200 JSON response, not cached. */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** 404 `{ "error": "404 not found" }`. */
export function notFound(): Response {
  return json({ error: apiMessage('notFound') }, 404);
}

/** The JSON of one item, or 404 when it is null. */
export function itemOr404(item: unknown): Response {
  return item == null ? notFound() : json(item);
}

export { isPublicId } from '@/lib/validation/listing';

/**
 * `q` of a simple list (persons, labels, companies): trimmed, null when empty.
 * @throws AppError bad_param when longer than MAX_QUERY_LENGTH
 */
export function listQueryText(params: URLSearchParams): string | null {
  const q = params.get('q')?.trim() ?? '';
  if (q.length > MAX_QUERY_LENGTH) throw badParam('q', q.slice(0, 40));
  return q || null;
}

/** 400 `{ "error": message }` from a parse error text. */
export function badRequest(message: string): Response {
  return json({ error: message }, 400);
}

/**
 * The JSON object body of a request (at most 64 KB).
 * @throws AppError bad_body (400) for a missing, oversized or non-object body
 */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (!text || text.length > 65_536) throw new AppError('bad_body');
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the 400
  }
  throw new AppError('bad_body');
}

/** A string field of a JSON body ("" when absent or not a string). */
export function bodyText(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}
