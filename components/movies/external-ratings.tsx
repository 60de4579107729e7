import { getTranslations } from 'next-intl/server';
import { FactRow } from '@/components/ui/fact-list';
import type { TitleDetail } from '@/lib/data/types';
import { formatNumber, joinNames } from '@/lib/format';

/**
 * The external ratings of a movie as a fact row of its overview (components/movies/movie-facts.tsx):
 * each source's rating out of 10 with its vote count, e.g. "TMDb 8.2 / 10 (26,011 votes)"; nothing
 * when it has none. Data: TitleDetail.ratings (movies.ratings; TMDb's from lib/data/external-import.ts).
 */
export async function ExternalRatingsRow({ title, locale }: { title: TitleDetail; locale: string }) {
  if (!title.ratings.length) return null;
  const t = await getTranslations({ locale, namespace: 'externalImport' });
  const sourceName = (source: string) => {
    const key = `ratingSources.${source}` as 'ratingSources.tmdb';
    return t.has(key) ? t(key) : source;
  };
  return (
    <FactRow label={t('ratings')} field="ratings">
      <span data-testid="external-ratings">
        {joinNames(
          title.ratings.map(
            (r) =>
              `${t('ratingValue', { source: sourceName(r.source), value: formatNumber(r.value, locale, { maxDecimals: 1 }) })}` +
              (r.votes ? ` (${t('ratingVotes', { votes: r.votes })})` : ''),
          ),
        )}
      </span>
    </FactRow>
  );
}
