import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ContactPage, contactItem, contactMetadata } from '@/components/contact/contact-page';

/**
 * Rendered on every request, never from the item page's ISR cache (the segment's layout sets
 * `revalidate`, which a nested page would otherwise share): the form differs for visitors and members.
 */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return contactMetadata(locale, { type: 'release', publicId });
}

/**
 * /release/{public_id}/contact: the contact form with the release attached (its name
 * shown, sent as `release`); an unknown, deleted or unapproved release → 404. Data:
 * lib/data/contact.ts sendContactMessage through /api/contact.
 */
export default async function ReleaseContact({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const item = await contactItem(locale, 'release', publicId);
  return <ContactPage locale={locale} item={item} />;
}
