import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { getContactMessage } from '@/lib/data/contact';

export const dynamic = 'force-dynamic';

/**
 * GET /api/contact/{public_id} (admins): one contact message. 200 ContactMessageDto (no e-mail
 * addresses); 404 unknown id. Data: lib/data/contact.ts getContactMessage.
 */
export const GET = route({
  method: 'GET',
  path: '/api/contact/{publicId}',
  summary: 'One contact message (admins)',
  tags: ['contact'],
  auth: 'admin',
  params: publicIdParams,
  responses: { 200: jsonResponse('ContactMessageDto') },
  handler: async ({ actor, params }) => getContactMessage(actor, params.publicId),
});
