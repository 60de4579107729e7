import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { compareKey, compareMetadata, CompareEditionsPage } from '@/components/movies/compare-editions';

/** The comparison depends on the query string: rendered per request, never cached. */
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string; publicId: string }>;
  searchParams: Promise<{ r?: string | string[]; diff?: string | string[] }>;
};

/** Metadata of the edition comparison: canonical address with the release ids sorted; noindex when invalid. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  return compareMetadata(locale, publicId, compareKey((await searchParams).r));
}

/**
 * `/movie/{id}/compare?r=a,b[,c,d]` (`r` repeated works too; `diff=1` only the rows that differ):
 * two to four releases of the movie side by side. Rendered per request (it reads the query);
 * unknown movie → '404 not found'.
 */
export default async function Page({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  return (
    <CompareEditionsPage
      locale={locale}
      moviePublicId={publicId}
      idsKey={compareKey(query.r)}
      onlyDifferences={query.diff === '1'}
    />
  );
}
