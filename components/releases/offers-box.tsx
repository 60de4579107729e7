import { getTranslations } from 'next-intl/server';
import type { ReleaseOffers } from '@/lib/data/collections';
import { formatMoney } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';

/**
 * "Offered by members" on a release's overview: how many members sell it, from what asking price
 * (the cheapest in euros, shown in its own currency), how many trade it, and a link to the offers
 * on the In collections tab (`offersHref`). Nothing without offers.
 */
export async function OffersBox({
  offers,
  offersHref,
  locale,
}: {
  offers: ReleaseOffers;
  offersHref: string;
  locale: string;
}) {
  const { for_sale: sales, for_trade: trades } = offers;
  if (!sales && !trades) return null;
  const t = await getTranslations({ locale, namespace: 'releases.offers' });
  // Offers come cheapest first in euros: the first priced sale is the cheapest.
  const cheapest = offers.items.find((o) => o.style === 5 && o.price && o.currency);
  return (
    <section aria-labelledby="offers-box" className="mb-8" data-testid="offers-box">
      <h2 id="offers-box" className="mb-3 text-xl font-bold">
        {t('title', { count: sales + trades })}
      </h2>
      <ul className="mb-2 text-sm">
        {sales ? (
          <li data-testid="offers-for-sale">
            <span className="font-semibold">{t('forSale', { count: sales })}</span>
            {cheapest ? ` · ${t('from', { price: formatMoney(cheapest.price!, cheapest.currency!, locale) })}` : null}
          </li>
        ) : null}
        {trades ? (
          <li data-testid="offers-for-trade">
            <span className="font-semibold">{t('forTrade', { count: trades })}</span>
          </li>
        ) : null}
      </ul>
      <Link href={offersHref} className="text-sm underline" data-testid="offers-box-link">
        {t('see')}
      </Link>
    </section>
  );
}
