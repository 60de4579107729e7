import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, pageOf, pagingQuery } from '@/lib/api/schemas';
import { listTrades, TRADE_PAGE_SIZE } from '@/lib/data/trades';

export const dynamic = 'force-dynamic';

/**
 * GET /api/trades: one page of the caller's current trade matches, newest first, both ways:
 * `{ items: [{ direction: "offer" | "want", friend, release, matched_at }], next_cursor }` (`offer`:
 * the caller trades a release a friend wants; `want`: a friend trades one the caller wants), only
 * while both entries and the friendship exist; `cursor`, `limit` 1-100 (default 48); 401 for
 * visitors. Data: lib/data/trades.ts listTrades.
 */
export const GET = route({
  method: 'GET',
  path: '/api/trades',
  summary: 'The caller’s current trade matches',
  tags: ['friends'],
  auth: 'member',
  query: z.object(pagingQuery(TRADE_PAGE_SIZE)),
  responses: { 200: jsonResponse('A page of TradeMatchDto', pageOf('TradeMatchDto')) },
  handler: async ({ actor, query }) => listTrades(actor, { cursor: query.cursor, limit: query.limit }),
});
