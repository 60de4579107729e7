import { catalogueFormRoute } from '@/components/catalogue-form/form-page';
import { permanentRedirect } from '@/lib/i18n/navigation';
import { canonicalEan } from '@/lib/barcode-digits';
import { hasListingParams, recentlyAddedHref } from '@/lib/recently-added';

/** Rendered per request for the member. */
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const route = catalogueFormRoute('release', 'new');

export const generateMetadata = route.generateMetadata;

/**
 * `/releases/new`: the form suggesting a new release; `?barcode=` (the scanner's unknown barcode,
 * a valid EAN-13 or UPC-A) fills its barcode field. The recently added releases
 * listing that used to be here is `/releases?so=added_desc` (lib/recently-added.ts): an old link
 * with listing parameters (`?fo=7`, `?cursor=…`) answers a permanent redirect (308) to it with the
 * same parameters, in the same locale.
 */
export default async function ReleasesNewPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const query = await searchParams;
  if (hasListingParams(query)) permanentRedirect({ href: recentlyAddedHref(query), locale });
  // From the scanner: an unknown barcode starts the suggestion with it (a valid one only).
  const barcode = typeof query.barcode === 'string' ? canonicalEan(query.barcode) : null;
  return route.Page({ params, prefill: barcode ? { ean: barcode } : undefined });
}
