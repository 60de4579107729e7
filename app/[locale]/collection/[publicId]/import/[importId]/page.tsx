import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { collectionTitle } from '@/components/collections/collection-list';
import { loadOwnCollection } from '@/components/collections/own-collection';
import { ImportReportView, REPORT_FILTERS, type ReportFilter } from '@/components/collections/import-report';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { PageHeading } from '@/components/listing/page-heading';
import { getImportReport } from '@/lib/data/collection-import';
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
 * /collection/{public_id}/import/{import_id}: the stored report of one import, for the owner only
 * (visitors go to the login page, anyone else gets '404 not found'): counts, every row with its
 * outcome (`?show=` all, ambiguous, unmatched, matched; `?page=` for more rows), and pick buttons
 * on the candidates. Data: lib/data/collection-import.ts getImportReport.
 */
export default async function ImportReportPage({ params, searchParams }: Props) {
  const { locale, publicId, importId } = await params;
  setRequestLocale(locale);
  const { actor, collection } = await loadOwnCollection(locale, publicId, `/collection/${publicId}/import/${importId}`);
  const report = isPublicId(importId) ? await getImportReport(actor, { collection: publicId, importId }) : null;
  if (!report) notFound();
  const sp = await searchParams;
  const show = firstParam(sp, 'show');
  const filter: ReportFilter = (REPORT_FILTERS as readonly string[]).includes(show) ? (show as ReportFilter) : 'all';
  const page = Math.min(Math.max(Number.parseInt(firstParam(sp, 'page'), 10) || 1, 1), 100);
  const [t, tc] = await Promise.all([
    getTranslations({ locale, namespace: 'collectionImport' }),
    getTranslations({ locale, namespace: 'collections' }),
  ]);
  return (
    <div>
      <PageHeading
        title={t('reportTitle')}
        lead={t('reportLead', {
          file: report.file_name,
          name: collectionTitle(collection, tc),
          date: formatDateTime(report.created_at, locale, siteTimeZone()),
        })}
      >
        <p className="mt-2 flex flex-wrap gap-3 text-sm">
          <Link href={`/collection/${publicId}`} className="text-accent-strong underline">
            {t('backToCollection')}
          </Link>
          <Link href={`/collection/${publicId}/import`} className="text-accent-strong underline">
            {t('earlier')}
          </Link>
        </p>
      </PageHeading>
      <ImportReportView report={report} collectionId={publicId} filter={filter} page={page} locale={locale} />
    </div>
  );
}
