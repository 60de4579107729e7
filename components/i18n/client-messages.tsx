import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PAGE_SCOPES, pickScope, SHELL_SCOPE, type PageScope } from '@/lib/i18n/client-messages';

/**
 * Gives the client components in `children` the messages of a page scope (lib/i18n/client-messages.ts
 * PAGE_SCOPES) on top of the shell's. Used in route files (page.tsx, layout.tsx) around all a page
 * renders; tests/unit/client-messages.test.ts reads these declarations from there. Server
 * component; the messages are the request locale's precompiled catalogue. The shell's part is the
 * same objects the root layout's provider holds (pickScope keeps them per catalogue), which the
 * RSC payload writes once and refers to, so a scope costs the page only its own messages and no
 * client code of its own.
 */
export async function ClientMessages({ scope, children }: { scope: PageScope; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider
      messages={{ ...pickScope(messages, SHELL_SCOPE), ...pickScope(messages, PAGE_SCOPES[scope]) }}
    >
      {children}
    </NextIntlClientProvider>
  );
}
