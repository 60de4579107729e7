import { getTranslations } from 'next-intl/server';

/** Metadata of an item page whose public id is unknown: title '404 not found', not indexed. */
export async function itemNotFoundMetadata(locale: string) {
  const t = await getTranslations({ locale, namespace: 'seo' });
  return { title: t('notFoundTitle'), robots: { index: false, follow: true } };
}
