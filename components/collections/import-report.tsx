import { getTranslations } from 'next-intl/server';
import type { ImportCandidate, ImportReport, ImportRowOutcome } from '@/lib/data/collection-import';
import { Link } from '@/lib/i18n/navigation';
import { ApiActionButton } from './api-action-button';
import { ImportSummaryLine } from './import-summary';

/** Which rows a report shows (`?show=`). */
export const REPORT_FILTERS = ['all', 'ambiguous', 'unmatched', 'matched'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];
/** Report rows per page (`?page=`). */
export const REPORT_PAGE_SIZE = 200;

const STATUS_CLASS: Record<ImportRowOutcome['status'], string> = {
  matched: 'bg-ok-soft text-ok-ink',
  ambiguous: 'bg-warn-soft text-warn-ink',
  unmatched: 'bg-bad-soft text-bad-ink',
};

function itemHref(c: ImportCandidate): string {
  return `/${c.type}/${c.public_id}`;
}

/** The translators a report renders with, read once per page (rows and candidates share them). */
type ReportTexts = {
  t: Awaited<ReturnType<typeof getTranslations<'collectionImport'>>>;
  formatName: (format: number) => string;
};

function CandidateText({ c, texts }: { c: ImportCandidate; texts: ReportTexts }) {
  const details = [c.year, c.format ? texts.formatName(c.format) : null, c.label, c.country, c.ean]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <Link href={itemHref(c)} className="font-medium underline">
        {c.name}
      </Link>
      {details ? <span className="text-muted"> · {details}</span> : null}
    </>
  );
}

/**
 * One report row: the line and its outcome, what the file said, why it ended so (the matched item,
 * the linked movie, the barcode's fate), the candidates to pick from (owner's pick buttons) and
 * the values left out of the entry.
 */
function ReportRow({
  row,
  report,
  collectionId,
  texts,
}: {
  row: ImportRowOutcome;
  report: ImportReport;
  collectionId: string;
  texts: ReportTexts;
}) {
  const { t, formatName } = texts;
  const fromFile = [row.title ?? t('noTitle'), row.year, row.format ? formatName(row.format) : null, row.barcode]
    .filter(Boolean)
    .join(' · ');
  const reason = row.reason
    ? t(`reason.${row.reason}`, { year: row.year ?? '', format: row.format ? formatName(row.format) : '' })
    : row.status === 'matched' && row.added
      ? t('addedItem')
      : null;
  return (
    <li
      className="flex flex-col gap-1.5 rounded-lg border border-line bg-panel p-3 text-sm"
      data-testid="import-row"
      data-line={row.line}
      data-status={row.status}
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t('line', { line: row.line })}</span>
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[row.status]}`}>
          {t(`status.${row.status}`)}
        </span>
        {row.problem ? null : (
          <span className="min-w-0 break-words text-muted">
            {t('fromFile')}: {fromFile}
          </span>
        )}
      </p>
      {row.item ? (
        <p>
          <CandidateText c={row.item} texts={texts} />
        </p>
      ) : null}
      {reason ? <p>{reason}</p> : null}
      {row.problem ? <p className="break-words font-mono text-xs text-muted">{row.problem}</p> : null}
      {row.barcode_status !== 'none' && row.barcode ? (
        <p className="text-muted">{t(`barcode.${row.barcode_status}`, { code: row.ean13 ?? row.barcode })}</p>
      ) : null}
      {row.movie && row.status !== 'matched' ? (
        <p>
          <Link href={itemHref(row.movie)} className="underline">
            {t('movieLink', { name: row.movie.year ? `${row.movie.name} (${row.movie.year})` : row.movie.name })}
          </Link>
        </p>
      ) : null}
      {row.candidates.length && row.status !== 'matched' ? (
        <div>
          <p className="font-medium">{t(row.status === 'ambiguous' ? 'candidates' : 'suggestions')}</p>
          <ul className="mt-1 flex flex-col gap-1.5">
            {row.candidates.map((c) => (
              <li key={c.public_id} className="flex flex-wrap items-center gap-2">
                <ApiActionButton
                  url={`/api/collections/${collectionId}/imports/${report.public_id}/picks`}
                  method="POST"
                  body={{ line: row.line, item: c.public_id }}
                  done={t('picked', { name: c.name })}
                  label={t('pick')}
                  ariaLabel={t('pickLabel', { name: c.name, line: row.line })}
                  variant="secondary"
                  testId="import-pick"
                />
                <span className="min-w-0 break-words">
                  <CandidateText c={c} texts={texts} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {row.warnings.length ? (
        <ul className="text-muted">
          {row.warnings.map((w) => (
            <li key={`${w.field}-${w.value}`}>{t('leftOut', { field: t(`fields.${w.field}`), value: w.value })}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * An import report (`/collection/{id}/import/{import}`): the counts, columns that were not
 * imported, a filter by outcome (with counts) and the rows of the filter in file order, paged by
 * REPORT_PAGE_SIZE. Every row of the file is listed under "All".
 */
export async function ImportReportView({
  report,
  collectionId,
  filter,
  page,
  locale,
}: {
  report: ImportReport;
  collectionId: string;
  filter: ReportFilter;
  page: number;
  locale: string;
}) {
  const t = await getTranslations({ locale, namespace: 'collectionImport' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const texts: ReportTexts = { t, formatName: (format) => te(`formats.${format as 1}`) };
  const rows = filter === 'all' ? report.rows : report.rows.filter((r) => r.status === filter);
  const shown = rows.slice(0, page * REPORT_PAGE_SIZE);
  const base = `/collection/${collectionId}/import/${report.public_id}`;
  const count = (f: ReportFilter) => (f === 'all' ? report.counts.rows : report.counts[f]);
  return (
    <div className="flex flex-col gap-4" data-testid="import-report">
      <ImportSummaryLine counts={report.counts} locale={locale} />
      {report.unknown_columns.length ? (
        <p className="text-sm text-muted">{t('unknownColumns', { columns: report.unknown_columns.join(', ') })}</p>
      ) : null}
      <nav aria-label={t('showLabel')}>
        <ul className="flex flex-wrap gap-2">
          {REPORT_FILTERS.map((f) => (
            <li key={f}>
              <Link
                href={f === 'all' ? base : `${base}?show=${f}`}
                aria-current={f === filter ? 'page' : undefined}
                className={`inline-flex min-h-10 items-center rounded-full border px-3 text-sm ${
                  f === filter ? 'border-accent bg-accent ' + 'text-white' : 'border-line bg-panel hover:border-accent'
                }`}
              >
                {t(`show.${f}`)} ({count(f)})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {shown.length ? (
        <ol className="flex flex-col gap-2" data-testid="import-rows">
          {shown.map((row) => (
            <ReportRow key={row.line} row={row} report={report} collectionId={collectionId} texts={texts} />
          ))}
        </ol>
      ) : (
        <p className="text-muted">{t('rowsEmpty')}</p>
      )}
      {rows.length > shown.length ? (
        <p>
          <Link
            href={`${base}?${filter === 'all' ? '' : `show=${filter}&`}page=${page + 1}`}
            className="text-accent-strong underline"
            scroll={false}
          >
            {t('more')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
