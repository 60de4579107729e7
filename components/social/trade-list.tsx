import { getTranslations } from 'next-intl/server';
import type { TradeMatchDto } from '@/lib/data/trades';
import { formatDayOf } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';

/** Current trade matches, newest first: the release, the friend, which way, and since when. */
export async function TradeList({ items, locale }: { items: TradeMatchDto[]; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'social.trades' });
  return (
    <ul className="flex flex-col gap-3" data-testid="trades">
      {items.map((m) => (
        <li
          key={`${m.direction}-${m.friend.public_id}-${m.release.public_id}`}
          className="rounded-lg border border-line p-4"
          data-testid={`trade-${m.direction}`}
        >
          <h2 className="text-lg font-semibold">
            <Link href={`/release/${m.release.public_id}`} className="hover:underline">
              {m.release.name}
            </Link>
          </h2>
          <p className="text-sm">
            {t.rich(m.direction, {
              name: m.friend.name,
              user: (chunks) => (
                <Link href={`/user/${m.friend.public_id}`} prefetch={false} className="font-medium hover:underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
          <p className="mt-1 text-sm text-muted">
            {t('matchedOn', { date: formatDayOf(m.matched_at, locale, siteTimeZone()) })}
          </p>
        </li>
      ))}
    </ul>
  );
}
