import { redirect } from '@/lib/i18n/navigation';

type Props = { params: Promise<{ locale: string; rest: string[] }> };

/** Any path no other route matches redirects to /404 in the same locale. */
export default async function UnknownPath({ params }: Props) {
  const { locale } = await params;
  redirect({ href: '/404', locale });
}
