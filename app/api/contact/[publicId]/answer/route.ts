import { z } from 'zod';
import { route } from '@/lib/api/route';
import { describedText, errorSchema, invalidResponseDoc, jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { answerContactMessage } from '@/lib/data/contact';
import { CONTACT_ANSWER_MAX } from '@/lib/validation/contact';

export const dynamic = 'force-dynamic';

/**
 * POST /api/contact/{public_id}/answer (admins): `{ answer, locale? }` mails the answer (1-10000
 * characters) to the sender, the mail's own words in `locale` (en or fi, default en), and records
 * it: status answered. 200 ContactMessageDto; 400 `answer: required | maxLength`; 409
 * `contact_closed` (a closed message) or `contact_no_address` (the member's account was deleted);
 * 404 unknown id. Data: lib/data/contact.ts answerContactMessage.
 */
export const POST = route({
  method: 'POST',
  path: '/api/contact/{publicId}/answer',
  summary: 'Answers a contact message by mail (admins)',
  tags: ['contact'],
  auth: 'admin',
  params: publicIdParams,
  body: z.object({
    answer: describedText(`The answer mailed to the sender, 1-${CONTACT_ANSWER_MAX} characters`),
    locale: describedText('Language of the mail: en (default) or fi'),
  }),
  responses: {
    200: jsonResponse('ContactMessageDto'),
    400: invalidResponseDoc,
    409: jsonResponse('Closed, or no address to answer to', errorSchema),
  },
  handler: async ({ actor, params, body }) => {
    const r = await answerContactMessage(actor, params.publicId, body);
    if (!r) return null;
    return r.ok ? r.message : r;
  },
});
