import { getTranslations } from 'next-intl/server';
import type { WantedOffer } from '@/lib/data/collections';
import { formatMoney } from '@/lib/format';
import { formatNames } from '@/lib/i18n/format-names';
import { Link } from '@/lib/i18n/navigation';

/**
 * The releases on the member's wanted lists that members offer (server component; lib/data/
 * collections.ts wantedOffers), each linking to the release's offers ("In collections" tab) with
 * its format, the number of offers, how many are for sale and the cheapest asking price (the
 * cheapest in euros at the value rates, shown as its seller asks it: "from £10.00").
 * An empty list says how offers appear.
 */
export async function WantedOffers({ offers, locale }: { offers: WantedOffer[]; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'social.trades.offers' });
  const formatName = await formatNames(locale);
  return (
    <section aria-labelledby="wanted-offers" className="mt-10" data-testid="wanted-offers">
      <h2 id="wanted-offers" className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('lead')}</p>
      {offers.length ? (
        <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
          {offers.map((o) => (
            <li key={o.release.public_id} className="px-4 py-3 text-sm" data-testid="wanted-offer">
              <Link
                href={`/release/${o.release.public_id}/user_collections`}
                prefetch={false}
                className="font-semibold underline"
              >
                {o.release.name}
              </Link>
              <span className="text-muted">
                {[
                  formatName(o.release.format),
                  t('count', { count: o.offers }),
                  o.for_sale ? t('forSale', { count: o.for_sale }) : null,
                  o.cheapest ? t('from', { price: formatMoney(o.cheapest.price, o.cheapest.currency, locale) }) : null,
                ]
                  .filter(Boolean)
                  .map((part) => ` · ${part}`)
                  .join('')}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm" data-testid="wanted-offers-empty">
          {t('empty')}
        </p>
      )}
    </section>
  );
}
