'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import './globals.css';

/** The few texts the last-resort 500 page shows, picked from messages/{locale}.json. */
type GlobalErrorTexts = {
  title: string;
  serverError: string;
  contactFormWords: string;
  tryAgain: string;
  home: string;
  errorCode: string;
};

/**
 * Loads the texts of `locale` from its message file. The message files are imported lazily: this
 * component is part of every page's first-load JavaScript, and both catalogues bundled in would
 * add ~14 KB gzip to each page (the first-load budget is 150 KB); they are fetched only when the
 * page is actually shown.
 */
async function loadTexts(locale: 'en' | 'fi'): Promise<GlobalErrorTexts> {
  const messages = (locale === 'fi' ? await import('@/messages/fi.json') : await import('@/messages/en.json')).default;
  return {
    title: `${messages.meta.errorTitle} | ${messages.common.brand}`,
    serverError: messages.errors.serverError,
    contactFormWords: messages.errors.contactFormWords,
    tryAgain: messages.common.tryAgain,
    home: messages.common.home,
    errorCode: messages.errors.errorCode,
  };
}

/**
 * Last-resort 500 page when the root layout itself fails: renders its own document, outside
 * next-intl (no provider here), so it picks the locale from the URL and reads the message file
 * of that locale directly (loaded on demand, see loadTexts). The text's words "contact form" link
 * to the locale's /contact. Shows the error's digest, which the server logged with the request id
 * (instrumentation.ts onRequestError).
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest =
    typeof error === 'object' && error !== null && 'digest' in error
      ? String((error as { digest: unknown }).digest)
      : undefined;
  // Server snapshot English, browser snapshot from the URL: no hydration mismatch.
  const isFinnish = useSyncExternalStore(
    () => () => {},
    () => /^\/fi(\/|$)/.test(window.location.pathname),
    () => false,
  );
  const [texts, setTexts] = useState<GlobalErrorTexts | null>(null);
  useEffect(() => {
    let active = true;
    loadTexts(isFinnish ? 'fi' : 'en').then(
      (loaded) => {
        if (active) setTexts(loaded);
      },
      () => {
        // The message chunk could not be fetched (server down): the page keeps its "500".
      },
    );
    return () => {
      active = false;
    };
  }, [isFinnish]);
  return (
    <html lang={isFinnish ? 'fi' : 'en'}>
      <body>
        {texts ? <title>{texts.title}</title> : null}
        <main className="mx-auto max-w-xl px-4 py-16" data-testid="server-error">
          <p className="text-6xl font-black text-accent" aria-hidden="true">
            500
          </p>
          {texts ? (
            <>
              <h1 className="mt-3 text-2xl font-bold">
                {/* The text ends with the words that link to the contact form (tests/unit/messages.test.ts). */}
                {texts.serverError.slice(0, -texts.contactFormWords.length)}
                <a href={isFinnish ? '/fi/contact' : '/contact'} className="underline" data-testid="contact-form-link">
                  {texts.contactFormWords}
                </a>
              </h1>
              <div className="mt-6 flex gap-3">
                <button
                  type="button"
                  onClick={() => retry()}
                  className="rounded-lg bg-accent px-4 py-2 font-medium text-white"
                >
                  {texts.tryAgain}
                </button>
                <a href={isFinnish ? '/fi' : '/'} className="px-2 py-2 underline">
                  {texts.home}
                </a>
              </div>
              {digest ? (
                <p className="mt-6 text-xs text-muted" data-testid="error-digest">
                  {texts.errorCode.replace('{digest}', digest)}
                </p>
              ) : null}
            </>
          ) : null}
        </main>
      </body>
    </html>
  );
}
