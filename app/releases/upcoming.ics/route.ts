import { z } from 'zod';
import { badRequest } from '@/app/api/_lib/http';
import { route } from '@/lib/api/route';
import { errorSchema, jsonResponse, listingQueryDoc } from '@/lib/api/schemas';
import { UPCOMING_FEED_MAX_AGE, upcomingFeed } from '@/lib/calendar/upcoming';
import { parseReleaseListParams } from '@/lib/validation/listing';

export const dynamic = 'force-dynamic';

/**
 * GET /releases/upcoming.ics?fo=7&co=4[&lang=fi]: an iCal feed (RFC 5545, text/calendar) of the
 * upcoming releases the listing /releases/upcoming shows with the same `fo` (format ids) and `co`
 * (country ids): one all-day event per release on its street date, nearest first, at most
 * UPCOMING_FEED_MAX (500); texts in English, or Finnish with `lang=fi`. Calendars may keep it an
 * hour (`Cache-Control: public, max-age=3600`). A bad `fo` or `co` answers 400 `{ "error" }`.
 * Data source: lib/calendar/upcoming.ts (lib/data/releases.ts listReleases).
 */
export const GET = route({
  method: 'GET',
  path: '/releases/upcoming.ics',
  summary: 'iCal feed of upcoming releases by format and country',
  tags: ['catalogue'],
  auth: 'public',
  query: z.object({
    fo: listingQueryDoc.fo,
    co: listingQueryDoc.co,
    lang: z.enum(['en', 'fi']).optional().meta({ description: 'Language of the texts (default en)' }),
  }),
  responses: {
    200: { description: 'The feed (iCalendar, RFC 5545)', content: { 'text/calendar': { schema: z.string() } } },
    400: jsonResponse('A bad parameter', errorSchema),
  },
  handler: async ({ query, searchParams }) => {
    const filters = new URLSearchParams();
    for (const key of ['fo', 'co'] as const) for (const v of searchParams.getAll(key)) filters.append(key, v);
    const parsed = parseReleaseListParams(filters, 'api');
    if (!parsed.ok) return badRequest(parsed.error);
    const body = await upcomingFeed({ fo: parsed.query.fo, co: parsed.query.co, locale: query.lang ?? 'en' });
    return new Response(body, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="upcoming-releases.ics"',
        'cache-control': `public, max-age=${UPCOMING_FEED_MAX_AGE}`,
      },
    });
  },
});
