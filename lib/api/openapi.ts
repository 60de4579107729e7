/**
 * The OpenAPI 3.1 document of the JSON API, generated with zod-openapi from the declarations
 * the route handlers are made of (lib/api/route.ts): every endpoint with its method, path
 * parameters, query, body, main responses and who may call (security schemes for the session
 * cookie and the Bearer API token). Served at GET /api/openapi.json. No I/O.
 */
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import type { oas31 } from 'zod-openapi';
import { z } from 'zod';
import { SESSION_COOKIE } from '@/lib/auth/request';
import type { RouteDoc } from './route';
import { errorSchema, invalidSchema, serverErrorSchema } from './schemas';

/** Anything exported by a route module that carries its declaration. */
export type Documented = { doc: RouteDoc };

const LOGGED_IN: oas31.SecurityRequirementObject[] = [{ sessionCookie: [] }, { bearerToken: [] }];

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: errorSchema } } };
}

/** The responses the wrapper gives on its own, by what the declaration asks it to check. */
function automaticResponses(doc: RouteDoc): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  if (doc.query || doc.body || doc.multipart || doc.params)
    out['400'] = errorResponse(
      'Bad parameter, bad body, or a NUL character / invalid UTF-8 in a parameter or the body',
    );
  if (doc.auth !== 'public') out['401'] = errorResponse('Not logged in (no valid session cookie or Bearer token)');
  if (doc.auth === 'admin')
    out['403'] = errorResponse('Not an admin, or a cookie-authenticated write from another origin');
  else if ((doc.auth === 'member' && doc.method !== 'GET') || doc.sameOrigin)
    out['403'] = errorResponse('A cookie-authenticated write from another origin');
  if (doc.params) out['404'] = errorResponse('Unknown id');
  // Every write's body is read with a cap, declared or not (a write without one is read as 64 KB at most).
  if (doc.body || doc.multipart || doc.method !== 'GET')
    out['413'] = errorResponse('Body over its cap (64 KB for JSON bodies and for writes without documented fields)');
  out['500'] = {
    description: 'Unexpected failure: the spec text and the id of the request it was logged under',
    content: { 'application/json': { schema: serverErrorSchema } },
  };
  return out;
}

function operationId(doc: RouteDoc): string {
  const words = doc.path
    .replace(/^\/api\//, '')
    .split(/[/_{}.]+/)
    .filter(Boolean);
  return doc.method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

function operation(doc: RouteDoc): ZodOpenApiOperationObject {
  const op: ZodOpenApiOperationObject = {
    operationId: operationId(doc),
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.tags ? { tags: doc.tags } : {}),
    security: doc.auth === 'public' ? [] : LOGGED_IN,
    'x-auth': doc.auth,
    requestParams: {
      ...(doc.params ? { path: doc.params } : {}),
      ...(doc.query ? { query: doc.query } : {}),
    },
    responses: { ...automaticResponses(doc), ...doc.responses },
  };
  if (doc.body)
    op.requestBody = {
      required: !doc.bodyOptional,
      content: {
        'application/json': { schema: doc.body },
        ...(doc.formBody ? { 'application/x-www-form-urlencoded': { schema: doc.body } } : {}),
      },
    };
  if (doc.multipart)
    op.requestBody = { required: true, content: { 'multipart/form-data': { schema: doc.multipart.schema } } };
  return op;
}

/**
 * The document for the given route handlers (each GET / POST / … export of every route module).
 * @param version the app version shown as `info.version`
 * @throws Error when two handlers declare the same method and path
 */
export function openApiDocument(routes: Documented[], version: string): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const { doc } of routes) {
    const item = (paths[doc.path] ??= {});
    const method = doc.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    if (item[method]) throw new Error(`${doc.method} ${doc.path} is declared twice`);
    item[method] = operation(doc);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'DiscShelf JSON API',
      version,
      description:
        'Reads need no authentication. Writes need a session (the `discshelf_session` cookie, from this site only: the Origin is checked) or a ' +
        'personal API token (`Authorization: Bearer <token>`, POST /api/me/tokens). ' +
        '`x-auth` on each operation names who may call: `public`, `member` or `admin`. Lists answer `{ items, next_cursor }` (keyset pagination: pass ' +
        '`next_cursor` back as `cursor`). ' +
        'Errors answer `{ "error": message }`; field problems 400 `{ "error": "invalid", "fields": { field: message key } }`.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by POST /api/login (HttpOnly); writes also need a same-site Origin',
        },
        bearerToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (POST /api/me/tokens)' },
      },
      schemas: { Error: errorSchema, Invalid: invalidSchema, Empty: z.object({}) },
    },
  });
}
