import { z } from 'zod';
import { route } from '@/lib/api/route';
import { invalidResponseDoc, jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { changeFriendship, FRIENDSHIP_ACTIONS, getFriendship } from '@/lib/data/friendships';

export const dynamic = 'force-dynamic';

/**
 * GET /api/users/{public_id}/friendship: how the caller stands with the user (FriendshipDto: `user`,
 * `state` invited / accepted / rejected / cancelled / removed or null, `relation` visitor / self /
 * none / outgoing / incoming / friends, `updated_at`, `accepted_at`); a visitor gets `relation:
 * "visitor"` and learns no state; 404 for an unknown user. Data: lib/data/friendships.ts getFriendship.
 */
export const GET = route({
  method: 'GET',
  path: '/api/users/{publicId}/friendship',
  summary: 'The caller’s friendship with a user',
  tags: ['friends'],
  auth: 'public',
  params: publicIdParams,
  responses: { 200: jsonResponse('FriendshipDto') },
  handler: async ({ params, viewer }) => getFriendship(await viewer(), params.publicId),
});

/**
 * POST /api/users/{public_id}/friendship `{ action }`: the caller's action on the friendship with
 * the user → FriendshipDto of the new state. `request` (not to oneself: 400 `_form: friendSelf`;
 * while a request waits or the two are friends: 409), `accept` / `reject` (the addressee of a
 * waiting request), `cancel` (its sender), `remove` (either friend); any other transition 409
 * `{ error }`; 404 for an unknown user; 429 with Retry-After past the friendship limits (30
 * actions an hour, 20 new requests a day, 3 a day to one member) or for a request again within 7
 * days of its rejection. Data: lib/data/friendships.ts changeFriendship.
 */
export const POST = route({
  method: 'POST',
  path: '/api/users/{publicId}/friendship',
  summary: 'Requests, accepts, rejects, cancels or removes a friendship',
  description:
    '`{ action: "request" | "accept" | "reject" | "cancel" | "remove" }`. Allowed transitions: request when ' +
    'the pair has no row or it was rejected, cancelled or removed; accept and reject by the addressee of a waiting ' +
    'request; cancel by its sender; remove by either friend. Any other answers 409. Limits: 30 actions an hour, ' +
    '20 new requests a day and 3 a day to the same member (429 `action_limited` with Retry-After); after a ' +
    'rejection its sender waits 7 days before asking the same member again (429 `friend_request_wait`).',
  tags: ['friends'],
  auth: 'member',
  params: publicIdParams,
  body: z.object({ action: z.enum(FRIENDSHIP_ACTIONS) }),
  responses: {
    200: jsonResponse('FriendshipDto'),
    400: invalidResponseDoc,
    409: jsonResponse('Refused transition'),
    429: jsonResponse('Friendship limit, or a request again too soon after its rejection'),
  },
  handler: async ({ actor, params, body }) => {
    const r = await changeFriendship(actor, { publicId: params.publicId, action: body.action });
    if (!r) return null;
    return r.ok ? r.friendship : r;
  },
});
