import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { HistoryPage, historyMetadata } from '@/components/history/history-page';

/**
 * Rendered on every request, never from the item page's ISR cache (the segment's layout sets
 * `revalidate`, which a nested page would otherwise share): a new revision shows at once, and
 * admins see the revert controls.
 */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string; publicId: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return historyMetadata(locale, 'release', publicId);
}

/** /release/{id}/history: the release's revisions newest first (`?cursor=`; admins: `?preview={revision}`); unknown id → 404. */
export default async function Page({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  return (
    <HistoryPage
      locale={locale}
      entity="release"
      publicId={publicId}
      query={{ cursor: firstParam(sp, 'cursor'), preview: firstParam(sp, 'preview') }}
    />
  );
}
