import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { FriendButtonLabels } from './friend-button';

const ACTIONS = ['request', 'accept', 'reject', 'cancel', 'remove'] as const;

/** The friend button's texts in the page's locale, about the user `name` (users.friends). */
export async function friendButtonLabels(locale: string, name: string): Promise<FriendButtonLabels> {
  const t = await getTranslations({ locale, namespace: 'users.friends' });
  const per = (group: 'button' | 'done') =>
    Object.fromEntries(ACTIONS.map((a) => [a, t(`${group}.${a}`)])) as FriendButtonLabels['button'];
  return {
    button: per('button'),
    done: per('done'),
    status: {
      outgoing: t('status.outgoing'),
      incoming: t('status.incoming', { name }),
      friends: t('status.friends'),
    },
    confirmRemove: t('confirmRemove', { name }),
    failed: t('failed'),
    conflict: t('conflict'),
    limited: t('limited'),
    wait: t('wait', { name }),
    label: t('label', { name }),
    editOwn: t('editOwn'),
  };
}
