'use client';

import { useEffect } from 'react';
import { NOTIFICATIONS_SEEN } from '@/components/account/session-events';

/**
 * Marks the member's notifications seen once the list is open (`POST /api/notifications/seen`)
 * and tells the bell (NOTIFICATIONS_SEEN), whose count drops to 0. Renders nothing. The page was
 * rendered before, so the notices that were new stay marked as new on it.
 */
export function MarkSeen({ unseen }: { unseen: number }) {
  useEffect(() => {
    if (unseen === 0) return;
    void fetch('/api/notifications/seen', { method: 'POST', credentials: 'same-origin' }).then((res) => {
      if (res.ok) window.dispatchEvent(new Event(NOTIFICATIONS_SEEN));
    });
  }, [unseen]);
  return null;
}
