'use client';

import { useTranslations } from 'next-intl';
import { showSnackbar } from '@/components/ui/snackbar';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { announceSessionChange } from './session-events';

/** The user widget's menu (loaded when first opened): profile, edit my data, log out. */
export function UserMenu({ publicId, onClose }: { publicId: string; onClose: () => void }) {
  const t = useTranslations('account');
  const router = useRouter();
  // Ends the session on the server; the widget hears the session change and shows "Log in". A
  // device with the offline scanner first sends the changes made offline, then forgets its lists.
  const logout = async () => {
    onClose();
    const scanner = navigator.serviceWorker?.controller ? await import('@/components/scan/service-worker') : null;
    await scanner?.sendBeforeLogout();
    await fetch('/api/logout', { method: 'POST', credentials: 'same-origin' });
    await scanner?.forgetOfflineData();
    showSnackbar(t('loggedOut'));
    announceSessionChange();
    router.refresh();
  };
  const item = 'block w-full px-3 py-2 text-left text-sm hover:bg-tint';
  return (
    <ul role="menu" className="absolute right-0 top-11 z-50 w-48 rounded-lg border border-line bg-panel py-1 shadow-lg">
      <li role="none">
        <Link role="menuitem" href={`/user/${publicId}`} className={item} onClick={onClose}>
          {t('myProfile')}
        </Link>
      </li>
      <li role="none">
        <Link role="menuitem" href="/users/edit_my_data" className={item} onClick={onClose}>
          {t('editMyData')}
        </Link>
      </li>
      <li role="none">
        <button role="menuitem" type="button" onClick={() => void logout()} className={item} data-testid="logout">
          {t('logout')}
        </button>
      </li>
    </ul>
  );
}
