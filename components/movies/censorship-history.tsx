import { getTranslations } from 'next-intl/server';
import type { CensorshipEventDto } from '@/lib/data/types';
import { formatDate, formatDuration, joinNames } from '@/lib/format';
import { enumKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';

/**
 * Finnish censorship history: one entry per event in date order, with date (day/month/year or
 * partial), decision, medium, authority, rating, cut length (m:ss), details, Finnish titles,
 * the video release it produced and the source link.
 */
export async function CensorshipHistory({
  events,
  locale,
  headingLevel = 2,
}: {
  events: CensorshipEventDto[];
  locale: string;
  headingLevel?: 2 | 3;
}) {
  if (events.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'movies.censorship' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const sorted = [...events].sort((a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999'));
  const label = (group: 'censorshipEvents' | 'media', key: string) =>
    te.has(enumKey(group, key)) ? te(enumKey(group, key)) : key;
  return (
    <section className="mt-8" aria-labelledby="censorship-history" data-testid="censorship-history">
      <Heading id="censorship-history" className="mb-3 text-xl font-bold">
        {t('title')}
      </Heading>
      <ol className="space-y-3">
        {sorted.map((e) => {
          const cut = e.cut_seconds != null ? formatDuration(e.cut_seconds) : null;
          return (
            <li key={e.source_id} className="rounded-lg border border-line bg-panel p-3" data-testid="censorship-event">
              <p className="font-semibold">
                <span className="tabular-nums">{formatDate(e.date, locale, e.date_precision) || t('unknownDate')}</span>
                {' · '}
                {label('censorshipEvents', e.event)}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="text-muted">{t('medium')}</dt>
                <dd>{label('media', e.medium)}</dd>
                {e.authority ? (
                  <>
                    <dt className="text-muted">{t('authority')}</dt>
                    <dd>{e.authority}</dd>
                  </>
                ) : null}
                {e.rating ? (
                  <>
                    <dt className="text-muted">{t('rating')}</dt>
                    <dd>{e.rating}</dd>
                  </>
                ) : null}
                {cut ? (
                  <>
                    <dt className="text-muted">{t('cutLength')}</dt>
                    <dd data-testid="event-cut-length">{e.cut_seconds_approx ? t('approx', { length: cut }) : cut}</dd>
                  </>
                ) : null}
                {e.local_titles.length > 0 ? (
                  <>
                    <dt className="text-muted">{t('finnishTitles')}</dt>
                    <dd>{joinNames(e.local_titles)}</dd>
                  </>
                ) : null}
                {e.release ? (
                  <>
                    <dt className="text-muted">{t('release')}</dt>
                    <dd>
                      <Link href={`/release/${e.release.public_id}`} className="underline">
                        {e.release.name}
                      </Link>
                    </dd>
                  </>
                ) : null}
              </dl>
              {/* The source's notes are in English (finland_censorship_events.json): marked so for screen readers. */}
              {e.details ? (
                <p className="mt-1 text-sm" lang="en">
                  {e.details}
                </p>
              ) : null}
              {e.source_url ? (
                <p className="mt-1 text-sm">
                  <a
                    href={e.source_url}
                    rel="noopener nofollow"
                    target="_blank"
                    className="text-accent-strong underline"
                  >
                    {t('sourceLink')}
                  </a>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
