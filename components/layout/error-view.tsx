'use client';

import { useLocale, useTranslations } from 'next-intl';
import { routing } from '@/lib/i18n/routing';

/**
 * Body of the 500 page: the spec's text (its words "contact form" a link to the locale's
 * /contact), a retry button and the error digest for support.
 */
export function ErrorView({ digest, onRetry }: { digest?: string; onRetry: () => void }) {
  const t = useTranslations('errors');
  const tc = useTranslations('common');
  const locale = useLocale();
  const home = locale === routing.defaultLocale ? '/' : `/${locale}`;
  // The text ends with the words that link to the contact form, in both languages (tests/unit/messages.test.ts).
  const words = t('contactFormWords');
  return (
    <section className="mx-auto max-w-xl py-10" data-testid="server-error">
      <p className="text-6xl font-black text-accent" aria-hidden="true">
        500
      </p>
      <h1 className="mt-3 text-2xl font-bold">
        {t('serverError').slice(0, -words.length)}
        {/* A plain anchor, as home below. */}
        <a
          href={`${home === '/' ? '' : home}/contact`}
          className="text-accent-strong underline"
          data-testid="contact-form-link"
        >
          {words}
        </a>
      </h1>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {/* The primary button's look without the Button module: this view is in every page's first load, */}
        {/* in a chunk of its own, where the shared module would be a second copy. */}
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex min-h-10 items-center rounded-lg bg-accent px-4 py-2 text-sm font-medium text-white hover:bg-accent-hover"
        >
          {tc('tryAgain')}
        </button>
        {/* A plain anchor: after an error the client router may be in a bad state. */}
        <a href={home} className="text-accent-strong underline underline-offset-2">
          {tc('home')}
        </a>
      </div>
      {digest ? <p className="mt-6 text-xs text-muted">{t('errorCode', { digest })}</p> : null}
    </section>
  );
}
