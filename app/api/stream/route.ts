import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, pageOf, pagingQuery } from '@/lib/api/schemas';
import { listStream, STREAM_PAGE_SIZE } from '@/lib/data/stream';

export const dynamic = 'force-dynamic';

/**
 * GET /api/stream: one page of the caller's stream (beta), newest first: the reviews, discussions,
 * comments and collection additions (public collections only) of the caller's friends:
 * `{ items: StreamItem[], next_cursor }`; `cursor`, `limit` 1-100 (default 30); 401 for visitors.
 * Data: lib/data/stream.ts listStream.
 */
export const GET = route({
  method: 'GET',
  path: '/api/stream',
  summary: 'What the caller’s friends did lately',
  tags: ['friends'],
  auth: 'member',
  query: z.object(pagingQuery(STREAM_PAGE_SIZE)),
  responses: { 200: jsonResponse('A page of StreamItem', pageOf('StreamItem')) },
  handler: async ({ actor, query }) => listStream(actor, { cursor: query.cursor, limit: query.limit }),
});
