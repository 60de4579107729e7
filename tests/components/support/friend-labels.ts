import type { FriendButtonLabels } from '@/components/users/friend-button';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

/**
 * The friend button's texts as the server builds them (components/users/friend-labels.ts) from a
 * locale's messages, about the member `name`.
 */
export function friendLabels(locale: 'en' | 'fi', name = 'Aino'): FriendButtonLabels {
  const m = (locale === 'fi' ? fi : en).users.friends;
  return {
    ...m,
    status: { ...m.status, incoming: m.status.incoming.replace('{name}', name) },
    confirmRemove: m.confirmRemove.replace('{name}', name),
    label: m.label.replace('{name}', name),
  };
}
