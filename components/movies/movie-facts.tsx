import { getTranslations } from 'next-intl/server';
import { FactList, FactRow } from '@/components/ui/fact-list';
import type { TitleDetail } from '@/lib/data/types';
import { joinNames } from '@/lib/format';
import { catalogueNames } from '@/lib/i18n/catalogue-names';
import { enumKey, type MessageKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import { ExternalRatingsRow } from './external-ratings';

/**
 * The facts of a movie's overview as a definition list: type (when not a movie), original,
 * Finnish and other localized names, akas, year, runtime, genres, countries, languages,
 * certifications, external ratings, adults only, series and episode numbers, production companies, IMDb and TMDB links.
 * Only fields with a value are shown.
 */
export async function MovieFacts({ title, locale }: { title: TitleDetail; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'movies' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const f = (k: MessageKey<'movies.fields'>) => t(`fields.${k}`);
  const names = await catalogueNames(locale);
  const localized = Object.entries(title.localized_names ?? {}).filter(([, n]) => n && n !== title.name);
  return (
    <FactList testId="movie-facts">
      {title.type !== 1 ? (
        <FactRow label={f('type')} field="type">
          {te(enumKey('movieTypes', title.type))}
        </FactRow>
      ) : null}
      {title.original_name && title.original_name !== title.name ? (
        <FactRow label={f('originalName')} field="originalName">
          {title.original_name}
        </FactRow>
      ) : null}
      {localized.map(([lang, n]) => (
        <FactRow
          key={lang}
          label={lang === 'fi' ? f('finnishName') : t('fields.localizedName', { language: lang })}
          field={`name-${lang}`}
        >
          {n}
        </FactRow>
      ))}
      {title.akas.length ? (
        <FactRow label={f('akas')} field="akas">
          {joinNames(title.akas)}
        </FactRow>
      ) : null}
      {title.year ? (
        <FactRow label={f('year')} field="year">
          {title.year}
        </FactRow>
      ) : null}
      {title.runtime_min ? (
        <FactRow label={f('runtime')} field="runtime">
          {t('runtime', { minutes: title.runtime_min })}
        </FactRow>
      ) : null}
      {title.genres.length ? (
        <FactRow label={f('genres')} field="genres">
          {joinNames(title.genres.map(names.genre))}
        </FactRow>
      ) : null}
      {title.countries.length ? (
        <FactRow label={f('countries')} field="countries">
          {joinNames(title.countries.map(names.country))}
        </FactRow>
      ) : null}
      {title.spoken_languages.length ? (
        <FactRow label={f('languages')} field="languages">
          {joinNames(title.spoken_languages.map(names.language))}
        </FactRow>
      ) : null}
      {title.certifications.length ? (
        <FactRow label={f('certifications')} field="certifications">
          {joinNames(title.certifications.map((c) => `${c.country} ${c.rating}`))}
        </FactRow>
      ) : null}
      <ExternalRatingsRow title={title} locale={locale} />
      {title.adults_only ? (
        <FactRow label={f('adultsOnly')} field="adultsOnly">
          ✓
        </FactRow>
      ) : null}
      {title.episode_of ? (
        <FactRow label={f('episodeOf')} field="episodeOf">
          <Link href={`/movie/${title.episode_of.public_id}`} className="underline">
            {title.episode_of.name}
          </Link>
        </FactRow>
      ) : null}
      {title.season != null ? (
        <FactRow label={f('season')} field="season">
          {title.season}
        </FactRow>
      ) : null}
      {title.episode != null ? (
        <FactRow label={f('episode')} field="episode">
          {title.episode}
        </FactRow>
      ) : null}
      {title.seasons_amount != null ? (
        <FactRow label={f('seasonsAmount')} field="seasonsAmount">
          {title.seasons_amount}
        </FactRow>
      ) : null}
      {title.episodes_amount != null ? (
        <FactRow label={f('episodesAmount')} field="episodesAmount">
          {title.episodes_amount}
        </FactRow>
      ) : null}
      {title.production_companies.length ? (
        <FactRow label={f('productionCompanies')} field="productionCompanies">
          {title.production_companies.map((c, i) => (
            <span key={c.public_id}>
              {i > 0 ? ', ' : ''}
              <Link href={`/company/${c.public_id}`} className="underline">
                {c.name}
              </Link>
            </span>
          ))}
        </FactRow>
      ) : null}
      {title.imdb_id ? (
        <FactRow label={f('imdb')} field="imdb">
          <a href={`https://www.imdb.com/title/${title.imdb_id}/`} rel="noopener" target="_blank" className="underline">
            {title.imdb_id}
          </a>
        </FactRow>
      ) : null}
      {title.tmdb_id ? (
        <FactRow label={f('tmdb')} field="tmdb">
          <a
            href={`https://www.themoviedb.org/movie/${title.tmdb_id}`}
            rel="noopener"
            target="_blank"
            className="underline"
          >
            {title.tmdb_id}
          </a>
        </FactRow>
      ) : null}
    </FactList>
  );
}
