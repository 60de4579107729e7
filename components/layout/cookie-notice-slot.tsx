'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { hasConsentCookie } from './cookie-consent';

/**
 * Where the layout shows the cookie notice: its code loads only for a browser that has not
 * accepted it yet (most page views carry none of it).
 */
export function CookieNoticeSlot() {
  const [Notice, setNotice] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!hasConsentCookie()) void import('./cookie-notice').then((m) => setNotice(() => m.CookieNotice));
  }, []);
  return Notice ? <Notice /> : null;
}
