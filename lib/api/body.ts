/**
 * The request edge of the JSON API, no I/O beyond the request itself: reading a body as a stream
 * with a byte cap, decoding it as strict UTF-8, and refusing NUL characters or broken text in
 * bodies, query strings and path parameters. Used by the route wrapper (lib/api/route.ts).
 */
import { AppError } from '@/lib/errors';
import { percentDecode } from './url-text';

/** Cap of a JSON request body in bytes (64 KB). */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

/**
 * The body of a request as bytes, read chunk by chunk and never more than `maxBytes`: a declared
 * `Content-Length` over the cap is refused before reading, and a body that grows past it (chunked,
 * or lying about its length) is refused as soon as the cap is passed; the rest of the stream is
 * cancelled, so an oversized body is never held whole in memory.
 * @param onTooLarge the error to throw for an oversized body (default AppError body_too_large, 413)
 * @returns the bytes (empty for a request without a body)
 * @throws the `onTooLarge` error when the body exceeds `maxBytes`
 */
export async function readBodyCapped(
  request: Request,
  maxBytes: number,
  onTooLarge: () => Error = () => new AppError('body_too_large', { kb: Math.round(maxBytes / 1024) }),
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw onTooLarge();
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw onTooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Bytes as UTF-8 text, strictly: invalid UTF-8 (a fatal TextDecoder) or a NUL character anywhere
 * is refused. A leading byte-order mark is dropped.
 * @throws AppError bad_text (400)
 */
export function decodeStrictUtf8(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('bad_text');
  }
  if (text.includes('\u0000')) throw new AppError('bad_text');
  return text;
}

/** True when a string has no NUL character and no lone UTF-16 surrogate (text that UTF-8 can carry). */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checks every string of a parsed JSON value (keys included) with {@link isCleanText}, so an
 * escaped `\u0000` or a lone surrogate escape is refused like a raw one.
 * @throws AppError bad_text (400)
 */
export function assertCleanJson(value: unknown): void {
  if (typeof value === 'string') {
    if (!isCleanText(value)) throw new AppError('bad_text');
  } else if (Array.isArray(value)) {
    for (const v of value) assertCleanJson(v);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!isCleanText(k)) throw new AppError('bad_text');
      assertCleanJson(v);
    }
  }
}

/**
 * A JSON object body: bytes (already capped) decoded as strict UTF-8 and parsed; every string
 * checked for NUL and broken text.
 * @throws AppError bad_text (400) for invalid UTF-8 or NUL; bad_body (400) for an empty body,
 *   invalid JSON, or JSON that is not an object
 */
export function parseJsonObject(bytes: Uint8Array): Record<string, unknown> {
  const text = decodeStrictUtf8(bytes);
  if (!text.trim()) throw new AppError('bad_body');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('bad_body');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AppError('bad_body');
  assertCleanJson(value);
  return value as Record<string, unknown>;
}

/**
 * Parses a request body of `application/x-www-form-urlencoded` into an object of its fields
 * (the first value of each name), each checked with {@link isCleanText}.
 * @throws AppError bad_text (400) for broken UTF-8 or a NUL; bad_body (400) for an empty body
 */
export function parseFormObject(bytes: Uint8Array): Record<string, string> {
  const text = decodeStrictUtf8(bytes);
  if (!text.trim()) throw new AppError('bad_body');
  const fields: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    if (!isCleanText(k) || !isCleanText(v)) throw new AppError('bad_text');
    if (!(k in fields)) fields[k] = v;
  }
  return fields;
}

/**
 * Checks the raw query string of a URL before URLSearchParams decodes it (which would turn
 * invalid UTF-8 into U+FFFD silently): every name and value, percent-decoded to bytes, must be
 * valid UTF-8 without NUL.
 * @throws AppError bad_text (400)
 */
export function assertCleanQuery(url: URL): void {
  const search = url.search.startsWith('?') ? url.search.slice(1) : url.search;
  if (!search) return;
  for (const part of search.split('&')) {
    for (const piece of part.split('=')) decodeStrictUtf8(percentDecode(piece.replace(/\+/g, ' ')));
  }
}
