import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse } from '@/lib/api/schemas';
import { memberCalendarAddress, resetMemberCalendar } from '@/lib/data/member-calendar';

export const dynamic = 'force-dynamic';

const addressSchema = z.object({
  url: z.string().meta({ description: 'The calendar (iCal) at its secret address, English texts' }),
  url_fi: z.string().meta({ description: 'The same with Finnish texts' }),
});

/**
 * GET /api/me/calendar: the secret address of the logged-in member's release calendar
 * (`{ url, url_fi }`: upcoming releases of the movies on their wanted and want-to-see lists, iCal).
 * 401 without a session. Data: lib/data/member-calendar.ts memberCalendarAddress.
 */
export const GET = route({
  method: 'GET',
  path: '/api/me/calendar',
  summary: "The secret address of the caller's release calendar",
  tags: ['accounts'],
  auth: 'member',
  responses: { 200: jsonResponse('The address', addressSchema) },
  handler: async ({ actor }) => memberCalendarAddress(actor),
});

/**
 * POST /api/me/calendar: gives the calendar a new secret address (`{ url, url_fi }`); the old one
 * answers 404 from then on (a calendar application subscribed to it stops updating). 401 without
 * a session. Data: lib/data/member-calendar.ts resetMemberCalendar.
 */
export const POST = route({
  method: 'POST',
  path: '/api/me/calendar',
  summary: "Resets the secret address of the caller's release calendar",
  tags: ['accounts'],
  auth: 'member',
  responses: { 200: jsonResponse('The new address', addressSchema) },
  handler: async ({ actor }) => resetMemberCalendar(actor),
});
