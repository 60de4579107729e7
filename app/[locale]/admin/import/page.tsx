import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ExternalImportForm, type ExternalImportWords } from '@/components/admin/external-import-form';
import { PageHeading } from '@/components/listing/page-heading';
import { canModerate } from '@/lib/auth/policies';
import { currentActor } from '@/lib/auth/session';
import { isExternalImportEnabled } from '@/lib/external/tmdb';
import { enumKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { EXTERNAL_IMPORT_POINTS, EXTERNAL_IMPORT_TYPES } from '@/lib/validation/external-import';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'externalImport' });
  return pageMetadata({
    locale,
    path: '/admin/import',
    title: t('metaTitle'),
    description: t('metaDescription'),
    noindex: true,
  });
}

/**
 * /admin/import (admins only; 404 to everyone else): the import from the external movie database
 * (TMDb) by IMDb id and movie type (components/admin/external-import-form.tsx, posting to
 * `POST /api/admin/import`), with the result linking to the movie. Without TMDB_API_KEY the page
 * says the import is off and how to turn it on, and shows no form. Rendered per request (it reads
 * the session). Data: lib/external/tmdb.ts isExternalImportEnabled; the import itself is
 * lib/data/external-import.ts importExternalMovie, through the API.
 */
export default async function ExternalImportPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  if (!canModerate(await currentActor())) notFound();
  const t = await getTranslations({ locale, namespace: 'externalImport' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const keys = [
    'imdbId',
    'imdbIdHint',
    'imdbIdInvalid',
    'type',
    'typeInvalid',
    'submit',
    'submitting',
    'created',
    'refreshed',
    'unchanged',
    'pointsEarned',
    'seriesOf',
    'episodesCreated',
    'episodesUpdated',
    'episodesUnchanged',
    'personsCreated',
    'companiesCreated',
    'notFound',
    'unavailable',
    'off',
    'failed',
  ] as const satisfies readonly (keyof ExternalImportWords)[];
  const words = Object.fromEntries(keys.map((k) => [k, t(k)])) as ExternalImportWords;
  const types = EXTERNAL_IMPORT_TYPES.map((id) => ({ id, name: te(enumKey('movieTypes', id)) }));
  return (
    <div>
      <PageHeading title={t('title')} lead={t('lead', { points: EXTERNAL_IMPORT_POINTS })}>
        <p className="mt-2 text-sm">
          <Link href="/admin/changes" className="underline">
            {t('queueLink')}
          </Link>
        </p>
      </PageHeading>
      {isExternalImportEnabled() ? (
        <ExternalImportForm words={words} types={types} locale={locale} />
      ) : (
        <section role="status" className="max-w-xl rounded-lg border border-line bg-panel p-4" data-testid="import-off">
          <p className="font-semibold">{t('off')}</p>
          <p className="mt-1 text-sm">{t('offHow')}</p>
        </section>
      )}
    </div>
  );
}
