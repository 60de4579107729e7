import { getTranslations } from 'next-intl/server';
import { MemberRatingsBox } from '@/components/releases/member-ratings';
import { BestEditionTable } from '@/components/reviews/best-edition-table';
import { JsonLd } from '@/components/seo/json-ld';
import { bestEditions, hasEditionRatings } from '@/lib/data/best-editions';
import { Link } from '@/lib/i18n/navigation';
import { movieJsonLd } from '@/lib/seo';
import { CastCrew } from '../cast-crew';
import { CensorshipHistory } from '../censorship-history';
import { MovieFacts } from '../movie-facts';
import { MoviePlot } from '../movie-plot';
import { ReleasesByFormat } from '../releases-by-format';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** Actors listed on the overview before "All cast and crew". */
const OVERVIEW_ACTORS = 12;

/**
 * `/movie/{id}`: Movie JSON-LD, facts, plot with Wikipedia attribution, the members' rating of the
 * movie (when it has reviews), the first actors and crew
 * linking to persons, every release grouped by format, the best edition ranking when members have
 * rated any release (as on the Reviews tab; review events revalidate the page), Finnish censorship
 * history.
 */
export async function MovieOverviewTab({ title, locale }: MovieTabProps) {
  const t = await getTranslations({ locale, namespace: 'movies' });
  const best = (await hasEditionRatings(title.public_id)) ? await bestEditions(title.public_id) : null;
  return (
    <>
      <JsonLd data={movieJsonLd(title, locale)} />
      <MovieFacts title={title} locale={locale} />
      <MoviePlot title={title} locale={locale} />
      <div className="mt-8 max-w-md">
        <MemberRatingsBox
          ratings={title.member_ratings}
          reviewsHref={`/movie/${title.public_id}/reviews`}
          locale={locale}
        />
      </div>
      {title.cast_crew.length ? (
        <section className="mt-8" aria-labelledby="cast-crew-heading">
          <h2 id="cast-crew-heading" className="mb-3 text-xl font-bold">
            {t('castCrew')}
          </h2>
          <CastCrew credits={title.cast_crew} locale={locale} limitActors={OVERVIEW_ACTORS} />
          <p className="mt-2">
            <Link href={`/movie/${title.public_id}/cast_crew`} className="text-sm font-medium underline">
              {t('allCastCrew')}
            </Link>
          </p>
        </section>
      ) : null}
      <section className="mt-8" aria-labelledby="movie-releases">
        <h2 id="movie-releases" className="mb-3 text-xl font-bold">
          {t('releases')} <span className="text-muted">({title.releases.length})</span>
        </h2>
        {title.releases.length ? (
          <ReleasesByFormat releases={title.releases} locale={locale} />
        ) : (
          <MovieTabEmpty tab="releases" locale={locale} />
        )}
      </section>
      {best && best.releases.some((r) => r.rank !== null) ? (
        <div className="mt-8">
          <BestEditionTable best={best} locale={locale} />
          <p className="mt-2">
            <Link href={`/movie/${title.public_id}/reviews`} className="text-sm font-medium underline">
              {t('allReviews')}
            </Link>
          </p>
        </div>
      ) : null}
      <CensorshipHistory events={title.censorship} locale={locale} />
    </>
  );
}
