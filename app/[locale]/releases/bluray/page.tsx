import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ReleaseListing, releaseListingMetadata } from '@/components/listing/release-listing';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Release listing preset `bluray` (RELEASE_PRESETS.bluray) merged with the URL's own listing parameters. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  return releaseListingMetadata(locale, 'bluray', await searchParams);
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ReleaseListing locale={locale} preset="bluray" searchParams={await searchParams} />;
}
