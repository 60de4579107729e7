import { getTranslations } from 'next-intl/server';
import { FilterForm } from './filter-form';
import { searchFormParams, type ListingKind } from './presets';

/**
 * The search field of a release or title list page ("Search by name", `?q=`): shows the list's
 * words and sends new ones with the filters chosen on the page, in name order unless the list has
 * an order (hidden fields, presets.ts searchFormParams); the route's own preset (`presetParams`)
 * stays in its path. Test id `release-search` or `title-search`.
 */
export async function ListingSearch({
  locale,
  kind,
  presetParams,
  canonical,
}: {
  locale: string;
  kind: ListingKind;
  presetParams: string;
  canonical: URLSearchParams;
}) {
  const t = await getTranslations({ locale, namespace: 'listing' });
  return (
    <FilterForm
      q={canonical.get('q')}
      label={t('searchLabel')}
      placeholder={t('searchPlaceholder')}
      hidden={searchFormParams(kind, presetParams, canonical)}
      submit={t('searchButton')}
      testId={kind === 'releases' ? 'release-search' : 'title-search'}
    />
  );
}
