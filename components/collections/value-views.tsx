import { getTranslations } from 'next-intl/server';
import type { CollectionValue, ItemValue, RatesNote, ValueTotals } from '@/lib/data/collection-values';
import { ECB_SOURCE } from '@/lib/collections/rates';
import { formatDate, formatDayOf, formatMoney, formatNumber } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';

/** Euros as the locale writes them (2 decimals: "€12.50", "12,50 €"). */
export function euros(value: string | number, locale: string): string {
  return formatMoney(value, 'EUR', locale);
}

async function RatesLine({ rates, locale }: { rates: RatesNote; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  const source = rates.rates_source === ECB_SOURCE ? t('value.ecbSource') : rates.rates_source;
  return (
    <p className="text-xs text-muted">{t('value.ratesNote', { source, date: formatDate(rates.rates_date, locale) })}</p>
  );
}

/** The value average line of a movie or release page; nothing when nobody priced it. */
export async function ItemValueLine({ value, locale }: { value: ItemValue | null; locale: string }) {
  if (!value) return null;
  const t = await getTranslations({ locale, namespace: 'collections' });
  return (
    <div className="mt-2" data-testid="value-average">
      <p className="text-sm font-medium">
        {t('value.average', { value: euros(value.average_eur, locale) })}{' '}
        <span className="font-normal text-muted">{t('value.averageCount', { count: value.count })}</span>
      </p>
      <RatesLine rates={value} locale={locale} />
    </div>
  );
}

/** Total and condition-weighted value with the rates note (a collection, a user's collections). */
export async function ValueSummary({
  value,
  locale,
  title,
}: {
  value: ValueTotals & RatesNote;
  locale: string;
  title: string;
}) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-1 rounded-lg border border-line bg-panel p-3 text-sm"
      data-testid="value-summary"
    >
      <h2 className="font-semibold">{title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted">{t('value.total')}</dt>
        <dd className="whitespace-nowrap tabular-nums">{euros(value.total_eur, locale)}</dd>
        <dt className="text-muted">{t('value.weighted')}</dt>
        <dd className="whitespace-nowrap tabular-nums">{euros(value.weighted_eur, locale)}</dd>
      </dl>
      <p className="text-xs text-muted">
        {t('value.priced', {
          priced: formatNumber(value.priced_count, locale),
          count: formatNumber(value.entries_count, locale),
        })}
      </p>
      <RatesLine rates={value} locale={locale} />
    </section>
  );
}

/**
 * A collection's value and how it moved (its value at the end of each day with a change, newest
 * first; shown from the second such day); nothing when no entry has a price.
 */
export async function CollectionValueView({ value, locale }: { value: CollectionValue; locale: string }) {
  if (!value.priced_count && !value.history.some((h) => h.priced_count)) return null;
  const t = await getTranslations({ locale, namespace: 'collections' });
  return (
    <div className="mb-5 grid gap-3 md:grid-cols-[16rem_minmax(0,1fr)]">
      <ValueSummary value={value} locale={locale} title={t('value.title')} />
      {value.history.length > 1 ? (
        <section
          aria-label={t('value.history')}
          className="overflow-x-auto rounded-lg border border-line bg-panel p-3 text-sm"
          data-testid="value-history"
        >
          <h2 className="mb-1 font-semibold">{t('value.history')}</h2>
          <table className="w-full text-left">
            <thead>
              <tr className="text-muted">
                <th className="pr-3 font-medium">{t('value.when')}</th>
                <th className="pr-3 font-medium">{t('value.total')}</th>
                <th className="font-medium">{t('value.weighted')}</th>
              </tr>
            </thead>
            <tbody>
              {value.history.map((h) => (
                <tr key={h.taken_at}>
                  <td className="whitespace-nowrap pr-3">{formatDayOf(h.taken_at, locale, siteTimeZone())}</td>
                  <td className="whitespace-nowrap pr-3">{euros(h.total_eur, locale)}</td>
                  <td className="whitespace-nowrap">{euros(h.weighted_eur, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
