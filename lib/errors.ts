/**
 * Application errors with a stable code, each mapped to an HTTP status and a message key of the
 * `api` namespace of messages/*.json. The JSON API answers `{ "error": message }` with the
 * English text (the API's language); pages translate the same keys.
 */
import { fillPlaceholders } from '@/lib/format';
import { currentRequestId, logError, newRequestId } from '@/lib/log';
import type { z } from 'zod';
import { FORM_ERRORS, type FieldErrors } from '@/lib/validation/users';
import en from '@/messages/en.json';

/** Error codes → HTTP status and message key (`api.<key>`). */
export const APP_ERRORS = {
  bad_param: { status: 400, key: 'badParam' },
  unknown_param: { status: 400, key: 'unknownParam' },
  bad_cursor: { status: 400, key: 'badCursor' },
  bad_limit: { status: 400, key: 'badLimit' },
  missing_query: { status: 400, key: 'missingQuery' },
  barcode_format: { status: 400, key: 'barcodeFormat' },
  barcode_check_digit: { status: 400, key: 'barcodeCheckDigit' },
  compare_count: { status: 400, key: 'compareCount' },
  compare_releases: { status: 400, key: 'compareReleases' },
  bad_body: { status: 400, key: 'badBody' },
  bad_text: { status: 400, key: 'badText' },
  body_too_large: { status: 413, key: 'bodyTooLarge' },
  import_no_file: { status: 400, key: 'importNoFile' },
  import_too_large: { status: 400, key: 'importTooLarge' },
  import_not_text: { status: 400, key: 'importNotText' },
  import_empty: { status: 400, key: 'importEmpty' },
  import_too_many_rows: { status: 400, key: 'importTooManyRows' },
  import_letterboxd_movies: { status: 400, key: 'importLetterboxdMovies' },
  import_not_candidate: { status: 400, key: 'importNotCandidate' },
  import_resolved: { status: 409, key: 'importResolved' },
  import_running: { status: 409, key: 'importRunning' },
  import_not_done: { status: 409, key: 'importNotDone' },
  friendship_state: { status: 409, key: 'friendshipState' },
  invalid_value: { status: 400, key: 'invalidValue' },
  label_name_taken: { status: 409, key: 'labelNameTaken' },
  nothing_to_update: { status: 400, key: 'nothingToUpdate' },
  change_limit: { status: 429, key: 'changeLimit' },
  change_state: { status: 409, key: 'changeState' },
  change_conflict: { status: 409, key: 'changeConflict' },
  not_revertible: { status: 409, key: 'notRevertible' },
  contact_closed: { status: 409, key: 'contactClosed' },
  contact_no_address: { status: 409, key: 'contactNoAddress' },
  in_use: { status: 409, key: 'inUse' },
  gone: { status: 410, key: 'gone' },
  // The external movie database (TMDb) import: off without TMDB_API_KEY; "no entry matches
  // the given id and movie type"; TMDb not answering as it should; a movie without an id to refresh by.
  external_import_off: { status: 503, key: 'externalImportOff' },
  external_not_found: { status: 404, key: 'externalNotFound' },
  external_unavailable: { status: 502, key: 'externalUnavailable' },
  external_no_id: { status: 409, key: 'externalNoId' },
  unauthorized: { status: 401, key: 'unauthorized' },
  forbidden: { status: 403, key: 'forbidden' },
  bad_origin: { status: 403, key: 'badOrigin' },
  not_found: { status: 404, key: 'notFound' },
  rate_limited: { status: 429, key: 'rateLimited' },
  writing_limited: { status: 429, key: 'writingLimited' },
  action_limited: { status: 429, key: 'actionLimited' },
  friend_request_wait: { status: 429, key: 'friendRequestWait' },
  internal: { status: 500, key: 'serverError' },
} as const;

export type AppErrorCode = keyof typeof APP_ERRORS;
export type MessageParams = Record<string, string | number>;

type ApiMessageKey = keyof typeof en.api;

/**
 * The English text of `api.<key>` with `{name}` placeholders replaced by `params`.
 * @throws never; an unknown key returns the key itself
 */
export function apiMessage(key: ApiMessageKey, params: MessageParams = {}): string {
  const template: string = en.api[key] ?? key;
  return fillPlaceholders(template, params);
}

/** An expected failure (bad input, missing item) with its code, HTTP status and message. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status: number;
  readonly params: MessageParams;

  constructor(code: AppErrorCode, params: MessageParams = {}) {
    super(apiMessage(APP_ERRORS[code].key, params));
    this.name = 'AppError';
    this.code = code;
    this.status = APP_ERRORS[code].status;
    this.params = params;
  }
}

/** Shorthand for a 400 about one query parameter: "Invalid value for parameter {name}: {value}". */
export function badParam(name: string, value: string): AppError {
  return new AppError('bad_param', { name, value });
}

/**
 * JSON error response for any thrown value: an AppError gives its status, message and code (a 429 also
 * `Retry-After` in seconds); anything else is logged (redacted, lib/log.ts) and answered 500
 * `{ error: <the spec's 500 text>, request_id }`, the id under which it was logged: the current
 * request's (`X-Request-Id`), or a new one outside the app's HTTP server.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    // 429: seconds to wait (rate_limited and writing_limited carry them as `seconds`).
    if (error.status === 429 && error.params.seconds != null) headers['retry-after'] = String(error.params.seconds);
    return Response.json({ error: error.message, code: error.code }, { status: error.status, headers });
  }
  const requestId = currentRequestId() ?? newRequestId();
  logError('API error', error, requestId);
  return Response.json(
    { error: apiMessage('serverError'), request_id: requestId },
    { status: 500, headers: { 'cache-control': 'no-store' } },
  );
}

/**
 * Wraps a route handler: its result is returned as is; a thrown AppError becomes its 4xx JSON,
 * anything else a logged 500 JSON.
 */
export function withApiErrors<A extends unknown[]>(
  handler: (...args: A) => Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    try {
      return await handler(...args);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/**
 * The first issue per field of a zod error (`_form` for the whole input), as message keys: the
 * schema's own key, or `invalid` ("Invalid value") where the schema gave none (zod's default
 * English text for a value outside an enum or of the wrong type), so no caller shows or sends
 * zod's text.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_form';
    out[field] ??= Object.hasOwn(en.forms, issue.message) ? issue.message : FORM_ERRORS.invalid;
  }
  return out;
}
