'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import { COOKIE_CONSENT_MAX_AGE_S, COOKIE_CONSENT_NAME, hasConsentCookie } from './cookie-consent';

export { COOKIE_CONSENT_MAX_AGE_S, COOKIE_CONSENT_NAME };

const noopSubscribe = () => () => {};

/**
 * Cookie notice: a non-modal panel at the bottom of the viewport, shown until the
 * visitor accepts it. Rendered only in the browser (the server never sees the cookie, so pages
 * stay cacheable; the layout loads it through CookieNoticeSlot); accepting sets `cookie_consent=1`
 * for 180 days.
 */
export function CookieNotice() {
  const t = useTranslations('cookie');
  const titleId = useId();
  const accepted = useSyncExternalStore(noopSubscribe, hasConsentCookie, () => true);
  const [dismissed, setDismissed] = useState(false);
  if (accepted || dismissed) return null;

  const accept = () => {
    const secure = window.location.protocol === 'https:' ? '; secure' : '';
    document.cookie = `${COOKIE_CONSENT_NAME}=1; max-age=${COOKIE_CONSENT_MAX_AGE_S}; path=/; samesite=lax${secure}`;
    setDismissed(true);
  };

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="cookie-notice"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-[500px] rounded-xl border border-line bg-panel p-4 shadow-xl"
    >
      <h2 id={titleId} className="font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('body')}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <Link href="/privacy-policy" className="text-sm text-accent-strong underline underline-offset-2">
          {t('learnMore')}
        </Link>
        <Button onClick={accept} data-testid="cookie-accept">
          {t('accept')}
        </Button>
      </div>
    </section>
  );
}
