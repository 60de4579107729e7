import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ContactPage, contactMetadata } from '@/components/contact/contact-page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return contactMetadata(locale, null);
}

/**
 * /contact (and /fi/contact): the contact form. A visitor gives a name, an e-mail address
 * and passes the bot check; a member writes as the account. Rendered per request (it reads the
 * session). Posts to /api/contact; data: lib/data/contact.ts sendContactMessage.
 */
export default async function Contact({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ContactPage locale={locale} item={null} />;
}
