import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { TitleListing, titleListingMetadata } from '@/components/listing/title-listing';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Title listing preset `tv_shows` (TITLE_PRESETS.tv_shows) merged with the URL's own listing parameters. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  return titleListingMetadata(locale, 'tv_shows', await searchParams);
}

export default async function Page({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <TitleListing locale={locale} preset="tv_shows" searchParams={await searchParams} />;
}
