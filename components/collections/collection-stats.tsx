import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { barChartSvg, type Bar } from '@/lib/charts';
import type { CollectionStats, StatBucket } from '@/lib/data/collection-stats';
import { Link } from '@/lib/i18n/navigation';
import { formatNumber } from '@/lib/format';
import { countryName } from '@/lib/countries';
import { euros, ValueSummary } from './value-views';

/**
 * One chart (server-rendered SVG) with its numbers as a table for screen readers and text
 * browsers. The entries the grouping cannot place (`notKnown`) get a last bar "Not known", so the
 * bars add up to the collection; a chart with nothing known is left out.
 */
async function ChartSection({
  id,
  title,
  bars: known,
  notKnown,
  locale,
}: {
  id: string;
  title: string;
  bars: Bar[];
  notKnown: number;
  locale: string;
}) {
  if (!known.length) return null;
  const t = await getTranslations({ locale, namespace: 'collections' });
  const bars = notKnown > 0 ? [...known, { label: t('stats.notKnown'), count: notKnown, muted: true }] : known;
  const ariaLabel = t('stats.chartLabel', { title });
  return (
    <section
      aria-labelledby={`stats-${id}`}
      className="rounded-lg border border-line bg-panel p-3"
      data-testid={`stats-${id}`}
    >
      <h2 id={`stats-${id}`} className="mb-2 font-semibold">
        {title}
      </h2>
      {/* Markup from Observable Plot (lib/charts.ts); every text in it is escaped by the DOM serializer.
          Phones get the narrow layout (names above the bars), wider screens names beside the bars. */}
      {(['narrow', 'wide'] as const).map((layout) => (
        <div
          key={layout}
          className={`${layout === 'narrow' ? 'sm:hidden' : 'hidden sm:block'} [&_svg]:max-w-full`}
          data-layout={layout}
          dangerouslySetInnerHTML={{ __html: barChartSvg(bars, { ariaLabel, locale, layout }) }}
        />
      ))}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-accent-strong">{t('stats.asTable')}</summary>
        <table className="mt-2">
          <thead>
            <tr className="text-left text-muted">
              <th className="pr-4 font-medium">{t('stats.group')}</th>
              <th className="font-medium">{t('stats.count')}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <td className="pr-4">{b.label}</td>
                <td className="tabular-nums">{formatNumber(b.count, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

/**
 * The statistics view of a collection (`/collection/{id}/statistics`): value (total, by condition,
 * average) and bar charts by format, film decade, release decade, label and country, each with a
 * table fallback.
 */
export async function CollectionStatsView({
  stats,
  name,
  publicId,
  locale,
}: {
  stats: CollectionStats;
  name: string;
  publicId: string;
  locale: string;
}) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const country = (b: StatBucket) =>
    stats.category === 'releases' ? (countryName(locale, Number(b.key)) ?? b.key) : b.key;
  const map = (list: StatBucket[], label: (b: StatBucket) => string) =>
    list.map((b) => ({ label: label(b), count: b.count }));
  return (
    <article data-testid="collection-stats">
      <header className="mb-5">
        <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{t('stats.title')}</h1>
        <p className="text-muted">
          <Link href={`/collection/${publicId}`} className="underline">
            {name}
          </Link>{' '}
          · {t('entriesCount', { count: stats.entries })}
        </p>
      </header>
      {stats.entries === 0 ? (
        <EmptyState title={t('stats.empty')} />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <ValueSummary value={stats.value} locale={locale} title={t('value.title')} />
            {stats.value.average_eur ? (
              <p className="self-start rounded-lg border border-line bg-panel p-3 text-sm">
                <span className="text-muted">{t('stats.average')}: </span>
                <span className="whitespace-nowrap font-semibold" data-testid="stats-average">
                  {euros(stats.value.average_eur, locale)}
                </span>
              </p>
            ) : null}
          </div>
          <ChartSection
            id="format"
            notKnown={stats.not_known.format}
            title={t('stats.byFormat')}
            locale={locale}
            bars={map(stats.by_format, (b) => te(`formats.${b.key}` as 'formats.1'))}
          />
          <ChartSection
            id="decade"
            notKnown={stats.not_known.decade}
            title={t('stats.byDecade')}
            locale={locale}
            bars={map(stats.by_decade, (b) => t('stats.decade', { decade: b.key }))}
          />
          <ChartSection
            id="release-decade"
            notKnown={stats.not_known.release_decade}
            title={t('stats.byReleaseDecade')}
            locale={locale}
            bars={map(stats.by_release_decade, (b) => t('stats.decade', { decade: b.key }))}
          />
          <ChartSection
            id="label"
            notKnown={stats.not_known.label}
            title={t('stats.byLabel')}
            locale={locale}
            bars={map(stats.by_label, (b) => (b.key === 'other' ? t('stats.otherLabels') : b.key))}
          />
          <ChartSection
            id="country"
            notKnown={stats.not_known.country}
            title={t('stats.byCountry')}
            locale={locale}
            bars={map(stats.by_country, country)}
          />
        </div>
      )}
    </article>
  );
}
