import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { collectionTitle } from '@/components/collections/collection-list';
import { loadOwnCollection } from '@/components/collections/own-collection';
import { ImportReportView, REPORT_FILTERS, type ReportFilter } from '@/components/collections/import-report';
import { ImportProgressLoader } from '@/components/collections/import-loaders';
import { UnknownDiscsSection } from '@/components/collections/unknown-discs-section';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { PageHeading } from '@/components/listing/page-heading';
import { getImportJob, getImportReport } from '@/lib/data/collection-import';
import { listUnknownDiscs } from '@/lib/data/import-suggestions';
import { formatDateTime } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';

type Props = {
  params: Promise<{ locale: string; publicId: string; importId: string }>;
  searchParams: Promise<SearchParamsRecord>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId, importId } = await params;
  const t = await getTranslations({ locale, namespace: 'collectionImport' });
  return pageMetadata({
    locale,
    path: `/collection/${publicId}/import/${importId}`,
    title: t('reportTitle'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /collection/{public_id}/import/{import_id}: one import, for the owner only (visitors go to the
 * login page, anyone else gets '404 not found'). While its job is queued or running: a progress
 * bar (loaded after the page, polling the job's progress; the page is rendered again with the
 * report when the job is done). A failed job: why, and nothing was imported. A done job: the
 * stored report: counts, the unknown discs to suggest as new releases (`#unknown-discs`), every
 * row with its outcome (`?show=` all, ambiguous, unmatched, matched; `?page=` for more rows), and
 * pick buttons on the candidates. Data: lib/data/collection-import.ts, lib/data/import-suggestions.ts.
 */
export default async function ImportReportPage({ params, searchParams }: Props) {
  const { locale, publicId, importId } = await params;
  setRequestLocale(locale);
  const { actor, collection } = await loadOwnCollection(locale, publicId, `/collection/${publicId}/import/${importId}`);
  const ref = { collection: publicId, importId };
  const job = isPublicId(importId) ? await getImportJob(actor, ref) : null;
  if (!job) notFound();
  const [t, tc, tj] = await Promise.all([
    getTranslations({ locale, namespace: 'collectionImport' }),
    getTranslations({ locale, namespace: 'collections' }),
    getTranslations({ locale, namespace: 'collectionImport.job' }),
  ]);
  const name = collectionTitle(collection, tc);
  const links = (
    <p className="mt-2 flex flex-wrap gap-3 text-sm">
      <Link href={`/collection/${publicId}`} className="text-accent-strong underline">
        {t('backToCollection')}
      </Link>
      <Link href={`/collection/${publicId}/import`} className="text-accent-strong underline">
        {job.status === 'failed' ? tj('importAgain') : t('earlier')}
      </Link>
    </p>
  );
  if (job.status === 'failed')
    return (
      <div>
        <PageHeading title={tj('titleFailed')} lead={tj(`failed.${job.error ?? 'unexpected'}`)}>
          {links}
        </PageHeading>
      </div>
    );
  if (job.status !== 'done') {
    // Placeholders the progress view fills are passed through as themselves (messages are precompiled).
    const keep = (...names: string[]) => Object.fromEntries(names.map((n) => [n, `{${n}}`]));
    return (
      <div className="flex flex-col gap-4">
        <PageHeading title={tj('titleRunning', { file: job.file_name })} lead={tj('leadRunning', { name })}>
          {links}
        </PageHeading>
        <ImportProgressLoader
          collectionId={publicId}
          importId={importId}
          initial={job}
          texts={{
            label: tj('progressLabel'),
            queued: tj('queued'),
            running: tj('running', keep('done', 'total')),
            saving: tj('saving'),
            done: t('done', keep('added', 'ambiguous', 'unmatched')),
            failed: {
              interrupted: tj('failed.interrupted'),
              collectionGone: tj('failed.collectionGone'),
              unexpected: tj('failed.unexpected'),
            },
          }}
        />
      </div>
    );
  }
  const [report, unknown] = await Promise.all([getImportReport(actor, ref), listUnknownDiscs(actor, ref)]);
  if (!report || !unknown) notFound();
  const sp = await searchParams;
  const show = firstParam(sp, 'show');
  const filter: ReportFilter = (REPORT_FILTERS as readonly string[]).includes(show) ? (show as ReportFilter) : 'all';
  const page = Math.min(Math.max(Number.parseInt(firstParam(sp, 'page'), 10) || 1, 1), 100);
  return (
    <div className="flex flex-col gap-4">
      <PageHeading
        title={t('reportTitle')}
        lead={t('reportLead', {
          file: report.file_name,
          name,
          date: formatDateTime(report.created_at, locale, siteTimeZone()),
        })}
      >
        {links}
      </PageHeading>
      <UnknownDiscsSection unknown={unknown} collectionId={publicId} importId={importId} locale={locale} />
      <ImportReportView report={report} collectionId={publicId} filter={filter} page={page} locale={locale} />
    </div>
  );
}
