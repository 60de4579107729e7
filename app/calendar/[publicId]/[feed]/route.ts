import { z } from 'zod';
import { route } from '@/lib/api/route';
import { errorSchema, jsonResponse, publicIdSchema } from '@/lib/api/schemas';
import { UPCOMING_FEED_MAX_AGE } from '@/lib/calendar/upcoming';
import { memberCalendarFeed } from '@/lib/data/member-calendar';

export const dynamic = 'force-dynamic';

/**
 * GET /calendar/{user public id}/{key}.ics[?lang=fi]: a member's release calendar (iCal,
 * RFC 5545): the street dates of upcoming releases of the movies on their wanted and want-to-see
 * lists, at most 500, texts in English or Finnish. The address is secret (shown in "edit my data",
 * reset there); a wrong or reset key, or an unknown member, answers 404 `{ "error" }` alike.
 * Data source: lib/data/member-calendar.ts memberCalendarFeed.
 */
export const GET = route({
  method: 'GET',
  path: '/calendar/{publicId}/{feed}',
  summary: "A member's release calendar at its secret address (iCal)",
  tags: ['accounts'],
  auth: 'public',
  params: z.object({
    publicId: publicIdSchema,
    feed: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}\.ics$/)
      .meta({ description: 'The secret key followed by .ics' }),
  }),
  query: z.object({
    lang: z.enum(['en', 'fi']).optional().meta({ description: 'Language of the texts (default en)' }),
  }),
  responses: {
    200: { description: 'The calendar (iCalendar, RFC 5545)', content: { 'text/calendar': { schema: z.string() } } },
    404: jsonResponse('No such calendar', errorSchema),
  },
  handler: async ({ params, query }) => {
    const body = await memberCalendarFeed(params.publicId, params.feed.slice(0, -'.ics'.length), query.lang ?? 'en');
    if (body === null) return null;
    return new Response(body, {
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="my-upcoming-releases.ics"',
        'cache-control': `private, max-age=${UPCOMING_FEED_MAX_AGE}`,
        'x-robots-tag': 'noindex',
      },
    });
  },
});
