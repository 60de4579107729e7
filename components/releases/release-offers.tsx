import { getTranslations } from 'next-intl/server';
import { collectionTitle } from '@/components/collections/collection-list';
import type { ReleaseOffers as Offers } from '@/lib/data/collections';
import { formatDayOf, formatMoney } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';

/**
 * The members' offers of a release (server component; lib/data/collections.ts releaseOffers):
 * each says for sale or for trade, who offers it (a link to their profile), the asking price, the
 * condition, the collection it is in (a link) and since when, with the entry's comment; when
 * there are more than the page lists, how many are shown of how many. Nothing when there are none.
 */
export async function ReleaseOffers({ offers: found, locale }: { offers: Offers; locale: string }) {
  const offers = found.items;
  if (!offers.length) return null;
  const count = found.for_sale + found.for_trade;
  const t = await getTranslations({ locale, namespace: 'releases.offers' });
  const tc = await getTranslations({ locale, namespace: 'collections' });
  return (
    <section aria-labelledby="release-offers" className="mb-8" data-testid="release-offers">
      <h2 id="release-offers" className="text-xl font-bold">
        {t('title', { count })}
      </h2>
      <p className="mb-3 text-sm text-muted">
        {t('lead')}
        {offers.length < count ? ` ${t('shownOf', { shown: offers.length, count })}` : null}
      </p>
      <ul className="divide-y divide-line rounded-lg border border-line bg-panel">
        {offers.map((o) => (
          <li
            key={`${o.collection.public_id}`}
            className="flex flex-col gap-1 px-4 py-3 text-sm"
            data-testid="release-offer"
          >
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="rounded bg-accent-soft px-2 text-xs font-semibold text-accent-strong">
                {tc(`styles.${o.style}`)}
              </span>
              <Link href={`/user/${o.owner.public_id}`} prefetch={false} className="font-semibold underline">
                {o.owner.name}
              </Link>
              {o.price && o.currency ? (
                <span className="whitespace-nowrap font-semibold tabular-nums">
                  {formatMoney(o.price, o.currency, locale)}
                </span>
              ) : null}
              {o.condition ? <span>{tc(`condition.${o.condition as 1}`)}</span> : null}
              <span className="text-muted">
                {t.rich('inCollection', {
                  collection: (chunks) => (
                    <Link href={`/collection/${o.collection.public_id}`} prefetch={false} className="underline">
                      {chunks}
                    </Link>
                  ),
                  name: collectionTitle({ name: o.collection.name, style: o.style }, tc),
                  date: formatDayOf(o.added_at, locale, siteTimeZone()),
                })}
              </span>
            </p>
            {o.comment ? <p className="line-clamp-3 whitespace-pre-line text-muted">{o.comment}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
