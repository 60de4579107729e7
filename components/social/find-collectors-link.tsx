import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { countryName } from '@/lib/countries';
import { Link } from '@/lib/i18n/navigation';

/**
 * The next step from an empty stream or trade list, which only friends fill: a link to the users
 * list (/users), where a member finds collectors and adds them as friends, and, when the member
 * gave a country in their profile (`country`, an id of lib/validation/enums.ts COUNTRIES), a link
 * to the collectors of that country (/users?country=…), the likeliest trading partners.
 */
export async function FindCollectorsLink({ locale, country }: { locale: string; country: number | null }) {
  const t = await getTranslations({ locale, namespace: 'social' });
  const name = countryName(locale, country);
  return (
    <p className="mt-4 flex flex-wrap items-center justify-center gap-3">
      <Link href="/users" className={buttonClass('primary')} data-testid="find-collectors">
        {t('findCollectors')}
      </Link>
      {name ? (
        <Link href={`/users?country=${country}`} className="underline" data-testid="find-collectors-country">
          {t('findCollectorsIn', { country: name })}
        </Link>
      ) : null}
    </p>
  );
}
