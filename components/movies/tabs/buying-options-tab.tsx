import { getTranslations } from 'next-intl/server';
import { BuyingLinks } from '@/components/listing/media';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/buying_options`: shops selling the movie. */
export async function MovieBuyingOptionsTab({ title, locale }: MovieTabProps) {
  if (!title.buying_links.length) return <MovieTabEmpty tab="buying_options" locale={locale} />;
  const tr = await getTranslations({ locale, namespace: 'releases' });
  return <BuyingLinks links={title.buying_links} linkLabel={(shop) => tr('buyAt', { shop })} />;
}
