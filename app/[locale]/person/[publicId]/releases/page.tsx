import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { PersonDetailPage, personMetadata } from '@/components/persons/person-detail-page';

/**
 * Reads `?cursor=` (a keyset page): rendered per request. Without this the layout's ISR config
 * would make it a cached route, and reading searchParams there fails at runtime.
 */
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string; publicId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

function cursorOf(sp: Record<string, string | string[] | undefined>): string | undefined {
  const c = sp.cursor;
  return (Array.isArray(c) ? c[0] : c)?.trim() || undefined;
}

/** Releases of a person's films, keyset-paginated with `cursor`. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return personMetadata({ locale, publicId, tab: 'releases', cursor: cursorOf(await searchParams) });
}

export default async function Page({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  return <PersonDetailPage locale={locale} publicId={publicId} tab="releases" cursor={cursorOf(await searchParams)} />;
}
