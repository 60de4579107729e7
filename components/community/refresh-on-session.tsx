'use client';

import { useEffect } from 'react';
import { SESSION_CHANGED } from '@/components/account/session-events';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * Renders the page again when the visitor logs in or out without leaving it (the login dialog),
 * so a page rendered per viewer (a review or discussion with its like buttons and reply form)
 * shows the member's state. Renders nothing.
 */
export function RefreshOnSession() {
  const router = useRouter();
  useEffect(() => {
    const refresh = () => router.refresh();
    window.addEventListener(SESSION_CHANGED, refresh);
    return () => window.removeEventListener(SESSION_CHANGED, refresh);
  }, [router]);
  return null;
}
