/**
 * The app server's answer to a request whose raw address carries a NUL or invalid UTF-8
 * (`%00`, `%FF`, a broken sequence) in its path or query, given before Next parses it: Next
 * decodes the query itself and hands handlers and the page proxy `%FF` as U+FFFD (the checks of
 * lib/api/route.ts and proxy.ts never see the bad bytes), and a bad byte in an API path parameter
 * makes its router fail with a 500. Pure.
 */
import { isCleanUrlPart } from '@/lib/api/url-text';
import { localeOfPath } from '@/lib/i18n/routing';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

/** A complete answer: status, content type and body. */
export type BadAddressAnswer = { status: 400; contentType: string; body: string };

/**
 * For a raw request target (`req.url`: path and query, still percent-encoded), null when it is
 * clean; otherwise a 400: the API's JSON error (`{ "error": api.badText }`, English as every API
 * message) for `/api` paths, else the pages' plain text (`errors.badAddress`) in the locale of
 * the path, as proxy.ts answers.
 */
export function badAddressAnswer(url: string | undefined): BadAddressAnswer | null {
  if (url === undefined || isCleanUrlPart(url)) return null;
  if (/^\/api(?:[/?#]|$)/.test(url))
    return {
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: en.api.badText }),
    };
  return {
    status: 400,
    contentType: 'text/plain; charset=utf-8',
    body: { en, fi }[localeOfPath(url)].errors.badAddress,
  };
}
