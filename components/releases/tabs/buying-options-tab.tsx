import { getTranslations } from 'next-intl/server';
import { BuyingLinks } from '@/components/listing/media';
import { ReleaseTabEmpty, type ReleaseTabProps } from './tab-empty';

/** `/release/{id}/buying_options`: shops selling the release. */
export async function ReleaseBuyingOptionsTab({ release, locale }: ReleaseTabProps) {
  if (!release.buying_links.length) return <ReleaseTabEmpty tab="buying_options" locale={locale} />;
  const t = await getTranslations({ locale, namespace: 'releases' });
  return <BuyingLinks links={release.buying_links} linkLabel={(shop) => t('buyAt', { shop })} />;
}
