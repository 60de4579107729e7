/**
 * The text of the app server's last-resort 500 (scripts/serve.ts), for the rare request Next's own
 * handler fails on before any error page can render: the translated "something went wrong"
 * (`errors.serverError`) and error code (`errors.errorCode` with the request id, which the log line
 * of the failure carries too), in Finnish when the path is under `/fi`. Pure.
 */
import { localeOfPath } from '@/lib/i18n/routing';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

/** The plain-text body for a failed request to `url` (path and query) logged under `requestId`. */
export function lastResortText(url: string | undefined, requestId: string): string {
  const m = { en, fi }[localeOfPath(url ?? '/')];
  return `${m.errors.serverError}\n${m.errors.errorCode.replace('{digest}', requestId)}\n`;
}
