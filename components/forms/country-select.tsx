'use client';

import { useTranslations } from 'next-intl';
import type { CountryOption } from '@/lib/countries';

/** The country field of account forms: "Not given" first, then the countries by name (value = country id). */
export function CountrySelect({
  value,
  onValue,
  countries,
}: {
  value: string;
  onValue: (value: string) => void;
  countries: CountryOption[];
}) {
  const t = useTranslations('account');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="field-country" className="text-sm font-medium">
        {t('country')}
      </label>
      <select
        id="field-country"
        name="country"
        value={value}
        onChange={(e) => onValue(e.target.value)}
        className="min-h-10 rounded-lg border border-line bg-panel px-3 py-2"
      >
        <option value="">{t('countryNone')}</option>
        {countries.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
