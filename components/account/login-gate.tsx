'use client';

import { useEffect } from 'react';
import { openLoginDialog, SESSION_CHANGED } from '@/components/account/session-events';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * What a visitor sees of a member-only form page: 'You must be logged in to use this feature'
 * and the login dialog, opened at once (and again with the button). Once logged in the page is
 * rendered again, now with the form: the visitor stays on the form's address.
 */
export function LoginGate({ text, button }: { text: string; button: string }) {
  const router = useRouter();
  useEffect(() => {
    const refresh = () => router.refresh();
    window.addEventListener(SESSION_CHANGED, refresh);
    // After the top bar's widget (which owns the dialog) has started listening.
    const timer = setTimeout(() => openLoginDialog(true), 0);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(SESSION_CHANGED, refresh);
    };
  }, [router]);
  return (
    <div className="flex flex-col items-start gap-3" data-testid="login-gate">
      <p>{text}</p>
      <Button onClick={() => openLoginDialog(true)}>{button}</Button>
    </div>
  );
}
