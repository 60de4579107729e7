/**
 * The API's answer to a method that an endpoint does not serve (`PUT /api/releases`). Next
 * answers such a request 405 with no body and no `Allow` header; the app's HTTP server
 * (scripts/serve.ts) completes it with the API's JSON error and the methods the path does serve,
 * which RFC 9110 (§15.5.6) requires of a 405. Pure.
 */
import en from '@/messages/en.json';
import { fillPlaceholders } from '@/lib/format';

/** A complete 405 answer: headers and JSON body (`{ "error": api.methodNotAllowed }`). */
export type MethodNotAllowedAnswer = { status: 405; headers: Record<string, string>; body: string };

/**
 * The 405 answer for `method` on a path that serves the methods of `allow` (the `Allow` header
 * value of the path's OPTIONS answer, `GET, HEAD, OPTIONS`); `allow` null (not known) leaves the
 * header out. The method is cut to 20 characters in the message (a client may send any token).
 */
export function methodNotAllowedAnswer(method: string, allow: string | null): MethodNotAllowedAnswer {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'cache-control': 'no-store',
  };
  if (allow) headers.allow = allow;
  const error = fillPlaceholders(en.api.methodNotAllowed, { method: method.slice(0, 20) });
  return { status: 405, headers, body: JSON.stringify({ error }) };
}
