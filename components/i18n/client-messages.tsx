import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PAGE_SCOPES, pickScope, type PageScope } from '@/lib/i18n/client-messages';
import { MessagesScope } from './messages-scope';

/**
 * Gives the client components in `children` the messages of a page scope (lib/i18n/client-messages.ts
 * PAGE_SCOPES) on top of the shell's. Used in route files (page.tsx, layout.tsx) around all a page
 * renders; tests/unit/client-messages.test.ts reads these declarations from there. Server
 * component; the messages are the request locale's precompiled catalogue.
 */
export async function ClientMessages({ scope, children }: { scope: PageScope; children: ReactNode }) {
  const messages = await getMessages();
  return <MessagesScope messages={pickScope(messages, PAGE_SCOPES[scope])}>{children}</MessagesScope>;
}
