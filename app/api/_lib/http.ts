/**
 * Responses shared by the JSON API route handlers (app/api/**) beyond what the route wrapper
 * (lib/api/route.ts) answers itself: JSON with another status, the 404 answer, a parse error.
 */
import { apiMessage } from '@/lib/errors';

/** Route handlers read the database per request: never prerendered, never cached. */
export const NO_STORE = { 'cache-control': 'no-store' } as const;

/** JSON response (200 unless `status`), not cached. */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** 404 `{ "error": "404 not found" }`. */
export function notFound(): Response {
  return json({ error: apiMessage('notFound') }, 404);
}

/** 400 `{ "error": message }` from a parse error text. */
export function badRequest(message: string): Response {
  return json({ error: message }, 400);
}
