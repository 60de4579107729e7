import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { SuggestedReleasePage, suggestedReleaseMetadata } from '@/components/releases/suggested-release-page';

/**
 * Rendered on every request, never from the item page's ISR cache (the segment's layout sets
 * `revalidate`, which a nested page would otherwise share): it reads the session.
 */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return suggestedReleaseMetadata(locale, publicId);
}

/** /release/{id}/suggestion: a suggested release before approval, for its author and admins; anyone else → 404. */
export default async function Page({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <SuggestedReleasePage locale={locale} publicId={publicId} />;
}
