import { createTranslator } from 'next-intl';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

/**
 * Helpers of the server component tests (happy-dom). A test file mocks the server's modules with
 * these, as `vi.mock` must stay in the file:
 *   vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);
 *   vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);
 */

/** next-intl/server's `getTranslations`, answered from the real message files. */
export const intlServer = {
  getTranslations: async ({ locale, namespace }: { locale: 'en' | 'fi'; namespace?: string }) =>
    createTranslator({ locale, messages: locale === 'fi' ? fi : en, namespace: namespace as 'listing' }),
};

/** lib/i18n/navigation's `Link` as a plain anchor (its `prefetch` dropped). */
export const navigation = {
  Link: ({
    href,
    children,
    prefetch: _prefetch,
    ...rest
  }: {
    href: string;
    prefetch?: boolean;
    children: ReactNode;
    className?: string;
  }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
};

/**
 * The HTML of a server component tree: trees that nest async server components (translations,
 * pagination, rating badges) only the server renderer awaits.
 */
export async function serverHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

/** Renders a server component tree ({@link serverHtml}) into the document. */
export async function renderServer(node: ReactNode): Promise<void> {
  document.body.innerHTML = await serverHtml(node);
}
