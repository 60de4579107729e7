import 'server-only';
/**
 * The one way to write a route handler under app/api: `route({ ... })` declares who may call,
 * the zod schemas of the path parameters, query and body, the documented responses, and the
 * handler. The wrapper checks and parses everything before the handler runs and turns the
 * handler's result or error into the response; the same declaration describes the endpoint in
 * the OpenAPI document (lib/api/openapi.ts, served at GET /api/openapi.json).
 *
 * Order of checks: who may call (401 / 403), path parameters (NUL or broken text 400, else not
 * matching the schema 404), query (NUL or broken text 400, a parameter the route does not declare
 * 400 `unknown_param`, so a mistyped filter is not silently ignored; not matching 400 `bad_param`
 * or the issue's own AppError code), body (over the cap 413 without buffering it, JSON and multipart
 * alike, chunked or not; broken UTF-8 or NUL 400, not JSON 400 `bad_body`, not matching the
 * schema 400 `{ error: 'invalid', fields }`). A write without a declared body has whatever body
 * it carries read with the JSON cap too (413 past it), and the handler gets a copy of those bytes.
 */
import { z } from 'zod';
import type { ZodObjectInput, ZodOpenApiResponsesObject } from 'zod-openapi';
import type { Actor } from '@/lib/auth/actor';
import { requireRole } from '@/lib/auth/actor';
import { actorFromRequest, assertSameOrigin, requireWriter } from '@/lib/auth/request';
import {
  apiMessage,
  APP_ERRORS,
  AppError,
  badParam,
  errorResponse,
  fieldErrors,
  type AppErrorCode,
} from '@/lib/errors';
import {
  assertCleanQuery,
  isCleanText,
  JSON_BODY_MAX_BYTES,
  parseFormObject,
  parseJsonObject,
  readBodyCapped,
} from './body';

/** Who may call: anyone (`public`), a logged-in member (`member`), an admin (`admin`). */
export type Auth = 'public' | 'member' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A field-problem result: answered 400 `{ error: 'invalid', fields: errors, params? }`. */
export type Invalid = { ok: false; errors: Record<string, string>; params?: Record<string, string | number> };

/**
 * What a handler may return: a full Response (cookies, redirects, files, other statuses) as is;
 * an {@link Invalid} result as 400; null as 404 `{ "error": "404 not found" }`; any other value as
 * 200 JSON (not cached).
 */
export type HandlerResult = Response | Invalid | null | object;

/** A multipart body (uploads): read with its own byte cap, parsed as FormData. */
export type MultipartSpec = {
  /** The cap of the whole request body in bytes. */
  maxBytes: number;
  /**
   * The answer for a body over the cap (`size`: the declared length, or the cap plus one when it
   * passed the cap while being read): a Response is sent with its body and headers but status 413,
   * an Error is answered as any thrown error.
   */
  tooLarge: (size: number) => Response | Error;
  /** The form fields, for the OpenAPI document only. */
  schema: z.ZodObject;
};

/** What the handler receives: all checked and parsed. */
export type RouteContext<A extends Auth, P, Q, B> = {
  request: Request;
  /** member / admin: the caller; public: null (use `viewer()` for an optional caller). */
  actor: A extends 'public' ? null : Actor;
  /** The caller when there is one (resolved once, on first use): the session cookie or Bearer token. */
  viewer: () => Promise<Actor | null>;
  params: P;
  query: Q;
  body: B;
  /** The raw query, for parsers of their own (listing parameters). */
  searchParams: URLSearchParams;
  /** The parsed multipart body (routes with `multipart`), null when it is not a readable form. */
  form: FormData | null;
};

/** The declaration of one endpoint. */
export type RouteSpec<A extends Auth, P extends ZodObjectInput, Q extends ZodObjectInput, B extends z.ZodType> = {
  method: Method;
  /** The OpenAPI path, parameters in braces: `/api/releases/{publicId}`. */
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  auth: A;
  /** public writes from this site's forms only (login, registration): the Origin check of cookie writes. */
  sameOrigin?: boolean;
  /** Path parameters; a value that does not match answers 404. */
  params?: P;
  /** Query parameters (first value of each name); a value that does not match answers 400. */
  query?: Q;
  /** JSON object body (at most 64 KB). */
  body?: B;
  /** The body may be left out: an empty body reads as `{}` (a DELETE whose body has only optional fields). */
  bodyOptional?: boolean;
  /**
   * The body may also come as `application/x-www-form-urlencoded` (its fields as strings, checked
   * by the same schema): what the Pusher client libraries send by default.
   */
  formBody?: boolean;
  multipart?: MultipartSpec;
  /** Documented responses besides the automatic ones (401/403 by auth, 404 by params, 400, 413). */
  responses: ZodOpenApiResponsesObject;
  handler: (ctx: RouteContext<A, z.output<P>, z.output<Q>, z.output<B>>) => Promise<HandlerResult>;
};

/** The declaration as the OpenAPI generator reads it. */
export type RouteDoc = Omit<RouteSpec<Auth, ZodObjectInput, ZodObjectInput, z.ZodType>, 'handler'>;

/** Next's second argument of a route handler. */
export type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** A wrapped handler: callable by Next (and by tests) with the request and the route context. */
export type RouteHandler = ((request?: Request, context?: NextRouteContext) => Promise<Response>) & { doc: RouteDoc };

const NO_STORE = { 'cache-control': 'no-store' } as const;
const EMPTY = z.object({});

/** An error whose answer is a ready Response (an upload's own "too large" answer). */
class RespondWith extends Error {
  constructor(readonly response: Response) {
    super('respond');
  }
}

function isInvalid(value: unknown): value is Invalid {
  return (
    !!value &&
    typeof value === 'object' &&
    !(value instanceof Response) &&
    (value as { ok?: unknown }).ok === false &&
    typeof (value as { errors?: unknown }).errors === 'object'
  );
}

/**
 * `{ error: 'invalid', fields, params? }`: field problems as message keys of `forms`, with status
 * 400, or `status` (413 for an upload's "too large" key).
 */
export function invalidResponse(
  errors: Record<string, string>,
  params?: Record<string, string | number>,
  status: 400 | 413 = 400,
): Response {
  return Response.json(
    { error: 'invalid', fields: errors, ...(params ? { params } : {}) },
    { status, headers: NO_STORE },
  );
}

function notFoundResponse(): Response {
  return Response.json({ error: apiMessage('notFound') }, { status: 404, headers: NO_STORE });
}

/** The AppError named by a schema issue's message (`{ error: 'bad_body' }` in a schema), if any. */
function issueAppError(issues: z.core.$ZodIssue[]): AppErrorCode | null {
  for (const issue of issues) if (Object.hasOwn(APP_ERRORS, issue.message)) return issue.message as AppErrorCode;
  return null;
}

/**
 * The parameter names a query schema declares; null when any name goes: a schema that is not an
 * object, or a loose one (`z.looseObject`, for parameters a third party chooses, such as an OAuth
 * provider's callback).
 */
function declaredKeys(schema: ZodObjectInput): ReadonlySet<string> | null {
  if (!(schema instanceof z.ZodObject)) return null;
  const rest = schema._zod.def.catchall;
  if (rest && !(rest instanceof z.ZodNever)) return null;
  return new Set(Object.keys(schema.shape));
}

/** The first value of each query parameter. */
function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}

/**
 * Wraps one endpoint (see the module doc for the order of checks).
 * @returns the handler to export as GET / POST / …, carrying its declaration as `doc`
 */
export function route<
  A extends Auth,
  P extends ZodObjectInput = typeof EMPTY,
  Q extends ZodObjectInput = typeof EMPTY,
  B extends z.ZodType = typeof EMPTY,
>(spec: RouteSpec<A, P, Q, B>): RouteHandler {
  const { handler, ...doc } = spec;
  const run = async (request?: Request, context?: NextRouteContext): Promise<Response> => {
    const req = request ?? new Request(new URL(spec.path, 'http://localhost'), { method: spec.method });
    try {
      let actor: Actor | null = null;
      let viewer: Promise<Actor | null> | null = null;
      if (spec.auth === 'public') {
        if (spec.sameOrigin) assertSameOrigin(req);
      } else {
        if (spec.method === 'GET') {
          actor = await actorFromRequest(req);
          if (!actor) throw new AppError('unauthorized');
        } else actor = await requireWriter(req);
        if (spec.auth === 'admin') requireRole(actor, 'admin');
        viewer = Promise.resolve(actor);
      }

      // Next passes a params promise to every handler; for a route without dynamic segments it resolves to undefined.
      const rawParams = (context ? await context.params : undefined) ?? {};
      for (const v of Object.values(rawParams))
        for (const s of Array.isArray(v) ? v : [v ?? '']) if (!isCleanText(s)) throw new AppError('bad_text');
      const params = z.safeParse(spec.params ?? EMPTY, rawParams);
      if (!params.success) return notFoundResponse();

      const url = new URL(req.url);
      assertCleanQuery(url);
      const searchParams = url.searchParams;
      for (const [k, v] of searchParams) if (!isCleanText(k) || !isCleanText(v)) throw new AppError('bad_text');
      const declared = declaredKeys(spec.query ?? EMPTY);
      for (const k of searchParams.keys())
        if (declared && !declared.has(k)) throw new AppError('unknown_param', { name: k.slice(0, 40) });
      const raw = queryObject(searchParams);
      const query = z.safeParse(spec.query ?? EMPTY, raw);
      if (!query.success) {
        const code = issueAppError(query.error.issues);
        if (code && code !== 'bad_param') throw new AppError(code);
        const issue = query.error.issues.find((i) => i.message === 'bad_param') ?? query.error.issues[0];
        const name = String(issue?.path[0] ?? '');
        throw badParam(name, (raw[name] ?? '').slice(0, 40));
      }

      let body: unknown = {};
      if (spec.body) {
        const bytes = await readBodyCapped(req, JSON_BODY_MAX_BYTES);
        const form =
          spec.formBody && /^application\/x-www-form-urlencoded\b/i.test(req.headers.get('content-type') ?? '');
        const json =
          spec.bodyOptional && bytes.length === 0 ? {} : form ? parseFormObject(bytes) : parseJsonObject(bytes);
        const parsed = spec.body.safeParse(json);
        if (!parsed.success) {
          const code = issueAppError(parsed.error.issues);
          if (code) throw new AppError(code);
          return invalidResponse(fieldErrors(parsed.error));
        }
        body = parsed.data;
      }

      let form: FormData | null = null;
      if (spec.multipart) {
        const { maxBytes, tooLarge } = spec.multipart;
        const bytes = await readBodyCapped(req, maxBytes, () => {
          const declared = Number(req.headers.get('content-length') ?? '') || maxBytes + 1;
          const answer = tooLarge(declared);
          return answer instanceof Response
            ? new RespondWith(new Response(answer.body, { status: 413, headers: answer.headers }))
            : answer;
        });
        try {
          form = await new Response(bytes, {
            headers: { 'content-type': req.headers.get('content-type') ?? '' },
          }).formData();
        } catch {
          form = null;
        }
      }

      // A write whose body the wrapper does not parse (Auth.js reads its own form) still gets it
      // read with the JSON cap: the handler sees a copy of at most 64 KB, never an uncapped stream.
      let handlerRequest = req;
      if (!spec.body && !spec.multipart && spec.method !== 'GET' && req.body) {
        const bytes = await readBodyCapped(req, JSON_BODY_MAX_BYTES);
        handlerRequest = new Request(req.url, {
          method: req.method,
          headers: req.headers,
          body: bytes.length ? bytes : undefined,
          signal: req.signal,
        });
      }

      const ctx = {
        request: handlerRequest,
        actor,
        viewer: () => (viewer ??= actorFromRequest(req)),
        params: params.data,
        query: query.data,
        body,
        searchParams,
        form,
        // The parsed values are the schemas' outputs; `actor` is non-null exactly when auth is not public.
      } as RouteContext<A, z.output<P>, z.output<Q>, z.output<B>>;
      const result = await handler(ctx);
      if (result instanceof Response) return result;
      if (result == null) return notFoundResponse();
      if (isInvalid(result)) return invalidResponse(result.errors, result.params);
      return Response.json(result, { headers: NO_STORE });
    } catch (error) {
      if (error instanceof RespondWith) return error.response;
      return errorResponse(error);
    }
  };
  return Object.assign(run, { doc: doc as RouteDoc });
}

/**
 * An endpoint answered at once without looking at the request (the unknown-path 404): a
 * synchronous handler with its declaration for the document.
 */
export function staticRoute(doc: RouteDoc, respond: () => Response): (() => Response) & { doc: RouteDoc } {
  return Object.assign(() => respond(), { doc });
}
