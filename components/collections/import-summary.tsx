import { getTranslations } from 'next-intl/server';
import type { ImportCounts, ImportJob } from '@/lib/data/collection-import';
import { formatNumber } from '@/lib/format';

/** An import's counts in one line: rows, added, already there, to pick, not matched, unknown barcodes (the zero ones left out). */
export async function ImportSummaryLine({ counts, locale }: { counts: ImportCounts; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'collectionImport' });
  const parts: [keyof ImportCounts, 'rows' | 'added' | 'already' | 'ambiguous' | 'unmatched' | 'unknownBarcodes'][] = [
    ['rows', 'rows'],
    ['added', 'added'],
    ['already', 'already'],
    ['ambiguous', 'ambiguous'],
    ['unmatched', 'unmatched'],
    ['unknown_barcodes', 'unknownBarcodes'],
  ];
  return (
    <p className="text-sm" data-testid="import-summary">
      {parts
        .filter(([k], i) => i === 0 || counts[k] > 0)
        .map(([k, key]) => t(`summary.${key}`, { count: counts[k] }))
        .join(' · ')}
    </p>
  );
}

/**
 * An import job in the list of imports: its counts once done, else where it is (waiting, rows
 * matched of the total, stopped).
 */
export async function ImportJobLine({ job, locale }: { job: ImportJob; locale: string }) {
  if (job.status === 'done' && job.counts) return <ImportSummaryLine counts={job.counts} locale={locale} />;
  const t = await getTranslations({ locale, namespace: 'collectionImport.job' });
  const text =
    job.status === 'queued'
      ? t('listQueued')
      : job.status === 'running'
        ? t('listRunning', { done: formatNumber(job.rows_done, locale), total: formatNumber(job.rows_total, locale) })
        : t('listFailed');
  return (
    <p className="text-sm" data-testid="import-job-status" data-status={job.status}>
      {text}
    </p>
  );
}
