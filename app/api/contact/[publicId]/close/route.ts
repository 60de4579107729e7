import { route } from '@/lib/api/route';
import { jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { closeContactMessage } from '@/lib/data/contact';

export const dynamic = 'force-dynamic';

/**
 * POST /api/contact/{public_id}/close (admins): closes a contact message (closing a closed one
 * changes nothing). 200 ContactMessageDto; 404 unknown id. Data: lib/data/contact.ts
 * closeContactMessage.
 */
export const POST = route({
  method: 'POST',
  path: '/api/contact/{publicId}/close',
  summary: 'Closes a contact message (admins)',
  tags: ['contact'],
  auth: 'admin',
  params: publicIdParams,
  responses: { 200: jsonResponse('ContactMessageDto') },
  handler: async ({ actor, params }) => closeContactMessage(actor, params.publicId),
});
