/**
 * Message namespaces sent to the browser (NextIntlClientProvider in app/[locale]/layout.tsx):
 * only those that client components (`'use client'` files) translate with. Every other namespace
 * is used by server components only and stays out of the HTML's RSC payload (~20 KB per page
 * less). tests/unit/client-messages.test.ts fails when a client component uses a namespace
 * missing here.
 */
export const CLIENT_NAMESPACES = [
  'common',
  'layout',
  'nav',
  'search',
  'cookie',
  'version',
  'errors',
  'forms',
  'account',
  'toggles',
  'collections',
  'deleteRequest',
] as const;

/** The subset of `messages` (a locale's whole catalogue) that client components need. Pure. */
export function pickClientMessages<T extends Record<string, unknown>>(messages: T): Partial<T> {
  const picked: Partial<T> = {};
  for (const ns of CLIENT_NAMESPACES) {
    if (ns in messages) picked[ns as keyof T] = messages[ns as keyof T];
  }
  return picked;
}
