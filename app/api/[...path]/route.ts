import { z } from 'zod';
import { staticRoute, type Method } from '@/lib/api/route';
import { errorSchema, jsonResponse } from '@/lib/api/schemas';
import { notFound } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * Any /api/ path that no route handles, with any method: 404 `{ "error": "404 not found" }`
 * (JSON, never the HTML 404 page), answered at once without reading the request.
 */
function unknownEndpoint(method: Method) {
  return staticRoute(
    {
      method,
      path: '/api/{path}',
      summary: 'Any /api/ path no other route handles: 404 JSON',
      tags: ['meta'],
      auth: 'public',
      params: z.object({
        path: z
          .array(z.string())
          .optional()
          .meta({ param: { required: true }, description: 'The unknown path' }),
      }),
      responses: { 404: jsonResponse('No such endpoint', errorSchema) },
    },
    notFound,
  );
}

export const GET = unknownEndpoint('GET');
export const POST = unknownEndpoint('POST');
export const PUT = unknownEndpoint('PUT');
export const PATCH = unknownEndpoint('PATCH');
export const DELETE = unknownEndpoint('DELETE');
