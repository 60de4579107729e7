import { z } from 'zod';
import { route } from '@/lib/api/route';
import {
  describedText,
  dto,
  errorSchema,
  formText,
  invalidResponseDoc,
  jsonResponse,
  pageOf,
  pagingQuery,
} from '@/lib/api/schemas';
import { verifyBotCheck } from '@/lib/auth/bot-check';
import { clientIp } from '@/lib/auth/request';
import { listContactMessages, sendContactMessage } from '@/lib/data/contact';
import { AppError } from '@/lib/errors';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_STATUSES,
  CONTACT_SUBJECT_MAX,
  type ContactStatus,
} from '@/lib/validation/contact';

export const dynamic = 'force-dynamic';

/**
 * POST /api/contact: sends a message through the contact form, from this site only (the Origin is
 * checked), as a visitor or as the logged-in member. JSON `{ subject, message, movie?, release?,
 * locale?, name?, email?, altcha? }`: a visitor gives `name`, `email` and `altcha` (the solved bot
 * check of GET /api/altcha); a member's `name` and `email` are ignored (the account's are used).
 * The message is stored and mailed to every admin (in `locale`, en or fi). 200 `{ message:
 * ContactReceipt }`; 400 `{ error, fields }` with message keys of `forms` (`required`,
 * `maxLength`, `emailInvalid`, `invalid` for an unknown movie or release, `_form: captchaMissing |
 * captchaInvalid`); 429 with `Retry-After` past 5 sends an hour from one address (visitors, failed
 * ones included) or 10 messages an hour (members). Data: lib/data/contact.ts sendContactMessage.
 */
export const POST = route({
  method: 'POST',
  path: '/api/contact',
  summary: 'Sends a message to the admins through the contact form',
  tags: ['contact'],
  auth: 'public',
  sameOrigin: true,
  body: z.object({
    subject: describedText(`One line, 1-${CONTACT_SUBJECT_MAX} characters`),
    message: describedText(`1-${CONTACT_MESSAGE_MAX} characters`),
    movie: describedText('Public id of the movie the message is about, or ""'),
    release: describedText('Public id of the release the message is about, or ""'),
    locale: describedText('Language of the form (en or fi): the admins are mailed in it'),
    name: describedText(`Visitors: your name, 1-${CONTACT_NAME_MAX} characters (members: ignored)`),
    email: describedText('Visitors: the e-mail address to answer to (members: ignored)'),
    altcha: formText.meta({ description: 'Visitors: the solved bot-check payload (GET /api/altcha)' }),
  }),
  responses: {
    200: jsonResponse('Sent', z.object({ message: dto('ContactReceipt') })),
    400: invalidResponseDoc,
    429: jsonResponse('Too many messages (Retry-After)', errorSchema),
  },
  handler: async ({ request, body, viewer }) => {
    const { altcha, locale, ...input } = body;
    const actor = await viewer();
    const r = await sendContactMessage(actor, input, {
      ip: clientIp(request),
      locale: locale === 'fi' ? 'fi' : 'en',
      botCheck: () => verifyBotCheck(altcha),
      siteUrl: process.env.SITE_URL ? new URL(process.env.SITE_URL).origin : new URL(request.url).origin,
    });
    if (!r.ok) {
      if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
      return { ok: false, errors: r.errors };
    }
    return { message: r.message };
  },
});

/**
 * GET /api/contact (admins): one page of contact messages, newest first: `status` open (default),
 * answered, closed or all; `cursor`, `limit` 1-100 (default 24). 200 `{ items: ContactMessageDto[],
 * next_cursor }` (no e-mail addresses). Data: lib/data/contact.ts listContactMessages.
 */
export const GET = route({
  method: 'GET',
  path: '/api/contact',
  summary: 'Contact messages (admins)',
  tags: ['contact'],
  auth: 'admin',
  query: z.object({
    status: z
      .enum([...CONTACT_STATUSES, 'all'])
      .optional()
      .meta({ description: 'open (default), answered, closed or all' }),
    ...pagingQuery(24),
  }),
  responses: { 200: jsonResponse('A page of ContactMessageDto', pageOf('ContactMessageDto')) },
  handler: async ({ actor, query }) => {
    const status: ContactStatus | null = query.status === 'all' ? null : (query.status ?? 'open');
    return listContactMessages(actor, { status }, { cursor: query.cursor, limit: query.limit });
  },
});
