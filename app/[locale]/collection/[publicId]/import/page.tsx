import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { collectionTitle } from '@/components/collections/collection-list';
import { loadOwnCollection } from '@/components/collections/own-collection';
import { ImportJobLine } from '@/components/collections/import-summary';
import { ImportUploadLoader } from '@/components/collections/import-loaders';
import { PageHeading } from '@/components/listing/page-heading';
import { listImports, IMPORT_MAX_ROWS } from '@/lib/data/collection-import';
import { formatDateTime, formatMegabytes, formatNumber } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { IMPORT_MAX_BYTES } from '@/lib/validation/collection-limits';

/** Placeholders passed through as themselves: the upload form fills them in the browser (messages are precompiled, so no `t.raw`). */
const KEEP = Object.fromEntries(['mb', 'rows', 'max'].map((k) => [k, `{${k}}`]));

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const t = await getTranslations({ locale, namespace: 'collectionImport' });
  return pageMetadata({
    locale,
    path: `/collection/${publicId}/import`,
    title: t('link'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /collection/{public_id}/import: the owner imports a file (CSV, JSON, JSON Lines, Letterboxd)
 * into the collection: what the file can hold, an example file, the upload (loaded after the
 * page), and the earlier imports with links to their pages: a running one with its progress, a
 * done one with its counts and, when it met unknown discs, a link to suggest them. Visitors go to
 * the login page; anyone else gets '404 not found'. Data: lib/data/collection-import.ts.
 */
export default async function ImportPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const { actor, collection } = await loadOwnCollection(locale, publicId, `/collection/${publicId}/import`);
  const [t, tc, tf, ta, tcommon] = await Promise.all([
    getTranslations({ locale, namespace: 'collectionImport' }),
    getTranslations({ locale, namespace: 'collections' }),
    getTranslations({ locale, namespace: 'forms' }),
    getTranslations({ locale, namespace: 'api' }),
    getTranslations({ locale, namespace: 'common' }),
  ]);
  const imports = (await listImports(actor, publicId)) ?? [];
  const name = collectionTitle(collection, tc);
  const apiKeys = [
    'importNoFile',
    'importTooLarge',
    'importNotText',
    'importEmpty',
    'importTooManyRows',
    'importLetterboxdMovies',
    'importRunning',
  ] as const;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={t('title', { name })} lead={t('intro')}>
        <p className="mt-2 text-sm">
          <Link href={`/collection/${publicId}`} className="text-accent-strong underline">
            {t('backToCollection')}
          </Link>
        </p>
      </PageHeading>
      <section aria-labelledby="import-upload" className="flex flex-col gap-3">
        <h2 id="import-upload" className="sr-only">
          {t('submit')}
        </h2>
        <p className="max-w-prose font-medium">{t('categoryNote', { category: collection.category })}</p>
        <ImportUploadLoader
          collectionId={publicId}
          texts={{
            file: t('file'),
            chooseFile: tcommon('chooseFile'),
            noFileChosen: tcommon('noFileChosen'),
            fileHint: `${t('fileHint')}. ${t('limits', { mb: formatMegabytes(IMPORT_MAX_BYTES, locale), rows: formatNumber(IMPORT_MAX_ROWS, locale) })}`,
            submit: t('submit'),
            submitting: t('submitting'),
            noFile: t('noFile'),
            tooLarge: t('tooLarge', KEEP),
            failed: tf('submitFailed'),
            errors: Object.fromEntries(apiKeys.map((k) => [k, ta(k, KEEP)])),
          }}
        />
      </section>
      <section
        aria-labelledby="import-formats"
        className="flex max-w-prose flex-col gap-2 rounded-lg border border-line bg-panel p-4 text-sm"
      >
        <h2 id="import-formats" className="text-lg font-semibold">
          {t('formatsTitle')}
        </h2>
        <p>{t('formatsCsv')}</p>
        <p>{t('formatsJson')}</p>
        <p>{t('formatsLetterboxd')}</p>
        <p>{t('formatsValues')}</p>
        <p>
          <a
            href="/examples/collection-import.csv"
            download
            className="text-accent-strong underline"
            data-testid="import-example"
          >
            {t('example')}
          </a>
        </p>
      </section>
      <section aria-labelledby="import-earlier" className="flex flex-col gap-2">
        <h2 id="import-earlier" className="text-lg font-semibold">
          {t('earlier')}
        </h2>
        {imports.length ? (
          <ul className="flex flex-col gap-2" data-testid="import-list">
            {imports.map((i) => (
              <li key={i.public_id} className="rounded-lg border border-line bg-panel p-3 text-sm">
                <Link
                  href={`/collection/${publicId}/import/${i.public_id}`}
                  className="font-medium text-accent-strong underline"
                >
                  {i.file_name}
                </Link>{' '}
                <span className="text-muted">· {formatDateTime(i.created_at, locale, siteTimeZone())}</span>
                <ImportJobLine job={i} locale={locale} />
                {i.counts?.unknown_barcodes && collection.category === 'releases' ? (
                  <p>
                    <Link
                      href={`/collection/${publicId}/import/${i.public_id}#unknown-discs`}
                      className="text-accent-strong underline"
                      data-testid="import-suggest-link"
                    >
                      {t('unknownDiscs.importListLink')}
                    </Link>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">{t('earlierEmpty')}</p>
        )}
      </section>
    </div>
  );
}
