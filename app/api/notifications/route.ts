import { z } from 'zod';
import { route } from '@/lib/api/route';
import { jsonResponse, pageOf, pagingQuery } from '@/lib/api/schemas';
import { listNotifications, NOTIFICATION_PAGE_SIZE } from '@/lib/data/notifications';

export const dynamic = 'force-dynamic';

/**
 * GET /api/notifications: one page of the caller's notifications, newest first. Query: `cursor`,
 * `limit` 1-100 (default 20). 200 `{ items: NotificationDto[], next_cursor }` (public ids, type
 * number and name, actor and subjects as public id and name, reason, seen, created_at; never an
 * e-mail address); 400 bad_cursor; 401 without a session. Reading does not mark them seen (POST
 * /api/notifications/seen does). Data: lib/data/notifications.ts listNotifications.
 */
export const GET = route({
  method: 'GET',
  path: '/api/notifications',
  summary: "The caller's notifications, newest first",
  tags: ['notifications'],
  auth: 'member',
  query: z.object({ ...pagingQuery(NOTIFICATION_PAGE_SIZE) }),
  responses: { 200: jsonResponse('A page of NotificationDto', pageOf('NotificationDto')) },
  handler: async ({ actor, query }) => listNotifications(actor, { cursor: query.cursor, limit: query.limit }),
});
