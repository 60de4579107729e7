'use client';

import { useTranslations } from 'next-intl';
import { Suspense } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { usePathname } from '@/lib/i18n/navigation';
import { safeNextPath } from '@/lib/next-path';
import { LoginForm } from './login-form';

/**
 * The login dialog (with an optional prompt): the login form of /login in a
 * dialog that keeps the visitor on the page. With `prompt`, it says 'You must be logged in to use
 * this feature' (a member action opened it). Logging in closes it; Facebook/Google come back to
 * this same URL.
 */
export default function LoginDialog({
  open,
  prompt,
  onClose,
}: {
  open: boolean;
  prompt: boolean;
  onClose: () => void;
}) {
  const t = useTranslations('account');
  const tc = useTranslations('common');
  const pathname = usePathname();
  // The page's own path, checked like any `next` (a same-origin path) before the social login carries it.
  const here = safeNextPath(typeof window === 'undefined' ? pathname : pathname + window.location.search);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t(prompt ? 'loginRequiredTitle' : 'loginTitle')}
      description={prompt ? t('loginRequired') : undefined}
      closeLabel={tc('close')}
    >
      <div data-testid="login-dialog">
        <Suspense>
          <LoginForm returnTo={here} onLoggedIn={onClose} />
        </Suspense>
      </div>
    </Dialog>
  );
}
