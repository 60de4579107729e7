/**
 * The app server's answer to a request whose raw address Next would mishandle, given before Next
 * parses it:
 * - a NUL or invalid UTF-8 (`%00`, `%FF`, a broken sequence) in the path or query: Next decodes
 *   the query itself and hands handlers and the page proxy `%FF` as U+FFFD (the checks of
 *   lib/api/route.ts and proxy.ts never see the bad bytes), and a bad byte in an API path
 *   parameter makes its router fail with a 500;
 * - a literal percent sign in the path (`%25`, or a `%` that starts no escape): Next fails to
 *   decode a broken escape, and decodes a page path's parameters a second time after the proxy's
 *   locale rewrite, both with a 500. No path of the app holds one, so it is an unknown path.
 * The page proxy (proxy.ts) gives the same answers to pages under a bare `next start`. Pure.
 */
import { hasLiteralPercent, isApiTarget, isCleanUrlPart } from '@/lib/api/url-text';
import { localeOfPath } from '@/lib/i18n/routing';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

/** A complete answer: status, headers and body. */
export type BadAddressAnswer = { status: 400 | 404 | 307; headers: Record<string, string>; body: string };

const JSON_TYPE = 'application/json';

/**
 * For a raw request target (`req.url`: path and query, still percent-encoded), null when Next
 * may have it. Otherwise, for NUL or invalid UTF-8, a 400: the API's JSON error
 * (`{ "error": api.badText }`, English as every API message) for `/api` paths, else the pages'
 * plain text (`errors.badAddress`) in the locale of the path. For a literal
 * percent sign in the path: an API path answers 404 `{ "error": api.notFound }` as any unknown
 * endpoint, a page path redirects (307) to `/404` in its locale as any unknown page path.
 */
export function badAddressAnswer(url: string | undefined): BadAddressAnswer | null {
  if (url === undefined) return null;
  const api = isApiTarget(url);
  const noStore = { 'cache-control': 'no-store' };
  if (!isCleanUrlPart(url))
    return api
      ? {
          status: 400,
          headers: { 'content-type': JSON_TYPE, ...noStore },
          body: JSON.stringify({ error: en.api.badText }),
        }
      : {
          status: 400,
          headers: { 'content-type': 'text/plain; charset=utf-8', ...noStore },
          body: { en, fi }[localeOfPath(url)].errors.badAddress,
        };
  const path = url.replace(/[?#].*$/s, '');
  if (!hasLiteralPercent(path)) return null;
  if (api)
    return {
      status: 404,
      headers: { 'content-type': JSON_TYPE, ...noStore },
      body: JSON.stringify({ error: en.api.notFound }),
    };
  const locale = localeOfPath(path);
  return { status: 307, headers: { location: locale === 'fi' ? '/fi/404' : '/404', ...noStore }, body: '' };
}
