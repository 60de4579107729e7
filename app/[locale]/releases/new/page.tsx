import { permanentRedirect, redirect } from '@/lib/i18n/navigation';
import { hasListingParams, recentlyAddedHref } from '@/lib/recently-added';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * `/releases/new` (spec §2: the form for suggesting a new release). The recently added releases
 * listing that used to be here is `/releases?so=added_desc` (lib/recently-added.ts):
 * - with listing parameters (`?fo=7`, `?cursor=…`), an old link to that listing: permanent
 *   redirect (308) to it with the same parameters, in the same locale;
 * - without: for now a temporary redirect (307) to the same listing, temporary so that browsers
 *   do not keep it once this address shows the suggestion form.
 */
export default async function ReleasesNewPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const query = await searchParams;
  if (hasListingParams(query)) permanentRedirect({ href: recentlyAddedHref(query), locale });
  redirect({ href: recentlyAddedHref({}), locale });
}
