'use client';

import { useEffect } from 'react';
import { requireLogin } from '@/components/account/login-required';
import { SESSION_CHANGED } from '@/components/account/session-events';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * Renders the page again when the visitor logs in or out without leaving it (the login dialog),
 * so a page rendered per viewer (a review or discussion with its like buttons and reply form)
 * shows the member's state. A visitor's click on a `data-login-prompt` link of the page (the
 * thread's "Log in to take part", a link to /login and back) opens the login prompt and dialog on
 * the page instead, once the top bar knows a visitor is looking. Renders nothing.
 */
export function RefreshOnSession() {
  const router = useRouter();
  useEffect(() => {
    const refresh = () => router.refresh();
    const prompt = (e: MouseEvent) => {
      if (document.documentElement.dataset.member !== '0') return;
      if (!(e.target as Element).closest?.('[data-login-prompt]')) return;
      // Caught on the way down (capture), before the link's own handler starts a navigation.
      e.preventDefault();
      e.stopPropagation();
      requireLogin();
    };
    window.addEventListener(SESSION_CHANGED, refresh);
    document.addEventListener('click', prompt, true);
    return () => {
      window.removeEventListener(SESSION_CHANGED, refresh);
      document.removeEventListener('click', prompt, true);
    };
  }, [router]);
  return null;
}
