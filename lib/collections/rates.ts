/**
 * Currency rates for collection values: euros per unit of each entry currency.
 *
 * Source: European Central Bank, euro foreign exchange reference rates of 31 December 2024
 * (1 EUR = 1.0389 USD = 0.82918 GBP = 11.4590 SEK), the last reference rates of 2024. They are
 * fixed on purpose: values stay comparable over time and every page states the date. Set
 * CURRENCY_RATES (JSON, units per euro, e.g. `{"USD":1.05,"GBP":0.83,"SEK":11.2,"date":"2026-11-20"}`)
 * to use newer rates; the stated date then comes from its `date`.
 */
import { CURRENCIES, type Currency } from '@/lib/validation/collection-limits';

/** Units of each currency per euro, and the date and source of those rates. */
export type RateTable = { perEuro: Record<Currency, number>; date: string; source: string };

/** The source text of the built-in rates (pages show it translated). */
export const ECB_SOURCE = 'European Central Bank euro reference rates';

const ECB_2024_12_31: RateTable = {
  perEuro: { EUR: 1, USD: 1.0389, GBP: 0.82918, SEK: 11.459 },
  date: '2024-12-31',
  source: ECB_SOURCE,
};

/** The rate table in use: CURRENCY_RATES when set and valid, else the ECB rates of 2024-12-31. */
export function rateTable(): RateTable {
  const raw = process.env.CURRENCY_RATES;
  if (!raw) return ECB_2024_12_31;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const perEuro = { ...ECB_2024_12_31.perEuro };
    for (const c of CURRENCIES)
      if (c !== 'EUR' && typeof v[c] === 'number' && (v[c] as number) > 0) perEuro[c] = v[c] as number;
    const date = typeof v.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.date) ? v.date : ECB_2024_12_31.date;
    return { perEuro, date, source: typeof v.source === 'string' ? v.source.slice(0, 100) : ECB_2024_12_31.source };
  } catch {
    return ECB_2024_12_31;
  }
}

/** An amount in a currency converted to euros (not rounded). */
export function toEuros(amount: number, currency: Currency, table: RateTable = rateTable()): number {
  return amount / table.perEuro[currency];
}

/**
 * Weights of the conditions in the condition-weighted value (1 mint … 6 sealed): a sealed copy is
 * worth a little more than a mint one, an unusable one almost nothing; entries without a condition
 * count as fine/OK.
 */
export const CONDITION_WEIGHTS: Record<1 | 2 | 3 | 4 | 5 | 6, number> = {
  1: 1,
  2: 0.85,
  3: 0.7,
  4: 0.4,
  5: 0.1,
  6: 1.1,
};
export const NO_CONDITION_WEIGHT = 0.7;
