import { getTranslations } from 'next-intl/server';
import type { BestEditions } from '@/lib/data/best-editions';
import { EDITION_ASPECTS } from '@/lib/data/best-editions';
import { formatNumber } from '@/lib/format';
import { formatNames } from '@/lib/i18n/format-names';
import { Link } from '@/lib/i18n/navigation';

/**
 * The best edition ranking (server component): rank, release (name and format), the overall and
 * per-aspect Bayesian scores (1-5, one decimal) and the number of reviews that rate it; unrated
 * releases are left out, and an aspect nobody rated yet shows "–" ("Not rated yet") rather than
 * the prior it is counted with.
 */
export async function BestEditionTable({ best, locale }: { best: BestEditions; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const formatName = await formatNames(locale);
  const rated = best.releases.filter((r) => r.rank !== null);
  const score = (n: number) => formatNumber(n, locale, { decimals: 1 });
  return (
    <section data-testid="best-edition">
      <h2 className="text-xl font-semibold">{t('bestEdition')}</h2>
      <p className="mb-2 text-sm text-muted">{t('bestEditionLead')}</p>
      {/* `relative`: the containing block of the cells' screen-reader text (absolutely positioned), which
          would otherwise escape the scroll box and widen the page. */}
      <div className="relative overflow-x-auto">
        {/* Cells padded, headings on one line and the release at least 10rem wide: on a phone the
            table scrolls sideways instead of squeezing its columns together. */}
        <table className="w-full text-sm [&_td]:px-2 [&_td]:py-1.5 [&_th]:whitespace-nowrap [&_th]:px-2 [&_th]:py-1.5">
          <thead>
            <tr className="text-left">
              <th scope="col">#</th>
              <th scope="col">{t('releaseColumn')}</th>
              <th scope="col">{t('overall')}</th>
              {EDITION_ASPECTS.map((a) => (
                <th key={a} scope="col">
                  {t(`aspects.${a}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rated.map((r) => (
              <tr key={r.release.public_id} className="border-t border-line">
                <td>{r.rank}</td>
                <td className="min-w-40">
                  <Link href={`/release/${r.release.public_id}`} className="hover:underline">
                    {r.release.name}
                  </Link>
                  {formatName(r.release.format) ? (
                    <span className="text-muted"> · {formatName(r.release.format)}</span>
                  ) : null}
                  <span className="block text-xs text-muted">{t('reviewsCount', { count: r.reviews_count })}</span>
                </td>
                <td className="font-semibold">{score(r.overall!)}</td>
                {EDITION_ASPECTS.map((a) =>
                  r.aspects[a].count > 0 ? (
                    <td key={a}>{score(r.aspects[a].score)}</td>
                  ) : (
                    // No rating of this aspect yet: its score would only be the prior, so none is shown.
                    <td key={a} title={t('unranked')} className="text-muted" data-unrated="">
                      <span aria-hidden="true">–</span>
                      <span className="sr-only">{t('unranked')}</span>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
