import type { NotificationDto } from '@/lib/data/notifications';
import { NOTIFICATION_TYPES, type NotificationTypeName } from '@/lib/validation/notifications';

/**
 * A notification as the API lists it, of type `name` (null: a type the app does not know, 99),
 * unseen, with only the references given in `refs` (the rest null).
 */
export function notificationDto(
  name: NotificationTypeName | null,
  refs: Partial<NotificationDto> = {},
): NotificationDto {
  return {
    public_id: 'ntf0000001',
    type: name === null ? 99 : NOTIFICATION_TYPES[name],
    type_name: name,
    actor: null,
    review: null,
    post: null,
    comment: null,
    movie: null,
    release: null,
    subject_text: null,
    reason: null,
    count: null,
    seen: false,
    created_at: '2026-11-20T18:40:00.000Z',
    ...refs,
  };
}
