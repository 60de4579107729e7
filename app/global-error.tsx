'use client';

import { useEffect, useSyncExternalStore } from 'react';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import './globals.css';

/**
 * Last-resort 500 page when the root layout itself fails: renders its own document, outside
 * next-intl (no provider here), so it picks the locale from the URL and reads the two message
 * files directly.
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  // Server snapshot English, browser snapshot from the URL: no hydration mismatch.
  const isFinnish = useSyncExternalStore(
    () => () => {},
    () => /^\/fi(\/|$)/.test(window.location.pathname),
    () => false,
  );
  const messages = isFinnish ? fi : en;
  return (
    <html lang={isFinnish ? 'fi' : 'en'}>
      <body>
        <title>{`${messages.meta.errorTitle} | ${messages.common.brand}`}</title>
        <main className="mx-auto max-w-xl px-4 py-16" data-testid="server-error">
          <p className="text-6xl font-black text-accent" aria-hidden="true">
            500
          </p>
          <h1 className="mt-3 text-2xl font-bold">{messages.errors.serverError}</h1>
          <div className="mt-6 flex gap-3">
            <button type="button" onClick={() => retry()} className="rounded-lg bg-accent px-4 py-2 font-medium text-white">
              {messages.common.tryAgain}
            </button>
            <a href={isFinnish ? '/fi' : '/'} className="px-2 py-2 underline">
              {messages.common.home}
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
