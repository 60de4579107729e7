import { notFound } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * Any /api/ path that no route handles, with any method: 404 `{ "error": "404 not found" }`
 * (JSON, never the HTML 404 page).
 */
function unknownEndpoint(): Response {
  return notFound();
}

export { unknownEndpoint as GET, unknownEndpoint as POST, unknownEndpoint as PUT, unknownEndpoint as PATCH, unknownEndpoint as DELETE };
