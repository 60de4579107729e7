'use client';

import { useLocale, useTranslations } from 'next-intl';
import { routing } from '@/lib/i18n/routing';
import { Button } from '@/components/ui/button';
import { LinkedWords } from './linked-words';

/**
 * Body of the 500 page: the spec's text (its words "contact form" a link to the locale's
 * /contact), a retry button and the error digest for support.
 */
export function ErrorView({ digest, onRetry }: { digest?: string; onRetry: () => void }) {
  const t = useTranslations('errors');
  const tc = useTranslations('common');
  const locale = useLocale();
  const home = locale === routing.defaultLocale ? '/' : `/${locale}`;
  const contact = locale === routing.defaultLocale ? '/contact' : `/${locale}/contact`;
  return (
    <section className="mx-auto max-w-xl py-10" data-testid="server-error">
      <p className="text-6xl font-black text-accent" aria-hidden="true">
        500
      </p>
      <h1 className="mt-3 text-2xl font-bold">
        <LinkedWords
          text={t('serverError')}
          words={t('contactFormWords')}
          href={contact}
          className="text-accent-strong underline underline-offset-2"
        />
      </h1>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button onClick={onRetry}>{tc('tryAgain')}</Button>
        {/* A plain anchor: after an error the client router may be in a bad state. */}
        <a href={home} className="text-accent-strong underline underline-offset-2">
          {tc('home')}
        </a>
      </div>
      {digest ? <p className="mt-6 text-xs text-muted">{t('errorCode', { digest })}</p> : null}
    </section>
  );
}
