import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { LabelDetailPage, labelMetadata, labelView } from '@/components/labels/label-detail-page';

/** Later pages depend on the query string: rendered per request, never cached. */
export const dynamic = 'force-dynamic';

type SP = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: string; publicId: string }>; searchParams: Promise<SP> };

const cursorOf = (sp: SP) => ((Array.isArray(sp.cursor) ? sp.cursor[0] : sp.cursor) ?? '').trim();

/**
 * `/label/{id}?cursor=…`, `?q=…` or `?so=…` (rewritten here by next.config.ts): a later keyset
 * page of the label's releases, or those its words find, in its order. Its canonical URL is the
 * public query form; without a cursor it shows the view's first page.
 */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const sp = await searchParams;
  return labelMetadata(locale, publicId, cursorOf(sp), labelView(sp));
}

export default async function LabelPagedPage({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  return <LabelDetailPage locale={locale} publicId={publicId} cursor={cursorOf(sp)} view={labelView(sp)} />;
}
