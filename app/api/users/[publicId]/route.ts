import { getUser } from '@/lib/data/users';
import { route } from '@/lib/api/route';
import { dto, jsonResponse, publicIdParams } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users/{public_id}: one user's public fields (PublicUser); 404 `{ "error": "404 not
 * found" }` for an unknown id. Data: lib/data/users.ts getUser.
 */
export const GET = route({
  method: 'GET',
  path: '/api/users/{publicId}',
  summary: 'One user (public fields)',
  tags: ['users'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('PublicUser', dto('PublicUser')) },
  handler: async ({ params }) => getUser(params.publicId),
});
