'use client';

import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from 'next-intl';
import { useMemo, type ReactNode } from 'react';

/**
 * Provides the enclosing catalogue with `messages` added, namespace by namespace (the keys of a
 * namespace present in both are merged), keeping locale, time zone and formats. See
 * components/i18n/client-messages.tsx.
 */
export function MessagesScope({ messages, children }: { messages: AbstractIntlMessages; children: ReactNode }) {
  const locale = useLocale();
  const enclosing = useMessages();
  const merged = useMemo(() => {
    const out: AbstractIntlMessages = { ...enclosing };
    for (const [ns, value] of Object.entries(messages)) {
      const before = out[ns];
      out[ns] =
        before && typeof before === 'object' && value && typeof value === 'object' ? { ...before, ...value } : value;
    }
    return out;
  }, [enclosing, messages]);
  return (
    <NextIntlClientProvider locale={locale} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
