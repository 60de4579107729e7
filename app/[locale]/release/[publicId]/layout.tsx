import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';

/*
 * Page caching (lib/page-cache.ts): the release page and its tabs is rendered on
 * its first request and then served from the ISR cache for `revalidate` seconds
 * (PAGE_REVALIDATE_SECONDS; a literal because route segment config must be statically analysable).
 * generateStaticParams returns no ids, so `next build` never opens the database; dynamicParams
 * lets every id render on demand (unknown ids answer the '404 not found' state, HTTP 404).
 */
export const revalidate = 3600;
export const dynamicParams = true;

/** No ids at build time: each page is rendered on its first request, then cached. */
export function generateStaticParams(): { publicId: string }[] {
  return [];
}

/** Carries the segment's cache configuration and gives its pages the messages of the HAVE / WANTED bar, its collection dialogs and the deletion request. */
export default function ReleaseSegmentLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="itemPage">{children}</ClientMessages>;
}
