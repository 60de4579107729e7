import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { TitleDetail } from '@/lib/data/types';
import { joinNames } from '@/lib/format';
import { catalogueNames } from '@/lib/i18n/catalogue-names';
import { enumKey, type MessageKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';

function Row({ label, children, field }: { label: string; children: ReactNode; field: string }) {
  return (
    <div className="contents" data-field={field}>
      <dt className="font-medium text-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * The facts of a movie's overview as a definition list: type (when not a movie), original,
 * Finnish and other localized names, akas, year, runtime, genres, countries, languages,
 * certifications, adults only, series and episode numbers, production companies, IMDb and TMDB links.
 * Only fields with a value are shown.
 */
export async function MovieFacts({ title, locale }: { title: TitleDetail; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'movies' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const f = (k: MessageKey<'movies.fields'>) => t(`fields.${k}`);
  const names = await catalogueNames(locale);
  const localized = Object.entries(title.localized_names ?? {}).filter(([, n]) => n && n !== title.name);
  return (
    <dl
      className="grid grid-cols-[minmax(6rem,38%)_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-line bg-panel p-4 sm:grid-cols-[minmax(9rem,auto)_1fr]"
      data-testid="movie-facts"
    >
      {title.type !== 1 ? (
        <Row label={f('type')} field="type">
          {te(enumKey('movieTypes', title.type))}
        </Row>
      ) : null}
      {title.original_name && title.original_name !== title.name ? (
        <Row label={f('originalName')} field="originalName">
          {title.original_name}
        </Row>
      ) : null}
      {localized.map(([lang, n]) => (
        <Row
          key={lang}
          label={lang === 'fi' ? f('finnishName') : t('fields.localizedName', { language: lang })}
          field={`name-${lang}`}
        >
          {n}
        </Row>
      ))}
      {title.akas.length ? (
        <Row label={f('akas')} field="akas">
          {joinNames(title.akas)}
        </Row>
      ) : null}
      {title.year ? (
        <Row label={f('year')} field="year">
          {title.year}
        </Row>
      ) : null}
      {title.runtime_min ? (
        <Row label={f('runtime')} field="runtime">
          {t('runtime', { minutes: title.runtime_min })}
        </Row>
      ) : null}
      {title.genres.length ? (
        <Row label={f('genres')} field="genres">
          {joinNames(title.genres.map(names.genre))}
        </Row>
      ) : null}
      {title.countries.length ? (
        <Row label={f('countries')} field="countries">
          {joinNames(title.countries.map(names.country))}
        </Row>
      ) : null}
      {title.spoken_languages.length ? (
        <Row label={f('languages')} field="languages">
          {joinNames(title.spoken_languages.map(names.language))}
        </Row>
      ) : null}
      {title.certifications.length ? (
        <Row label={f('certifications')} field="certifications">
          {joinNames(title.certifications.map((c) => `${c.country} ${c.rating}`))}
        </Row>
      ) : null}
      {title.adults_only ? (
        <Row label={f('adultsOnly')} field="adultsOnly">
          ✓
        </Row>
      ) : null}
      {title.episode_of ? (
        <Row label={f('episodeOf')} field="episodeOf">
          <Link href={`/movie/${title.episode_of.public_id}`} className="underline">
            {title.episode_of.name}
          </Link>
        </Row>
      ) : null}
      {title.season != null ? (
        <Row label={f('season')} field="season">
          {title.season}
        </Row>
      ) : null}
      {title.episode != null ? (
        <Row label={f('episode')} field="episode">
          {title.episode}
        </Row>
      ) : null}
      {title.seasons_amount != null ? (
        <Row label={f('seasonsAmount')} field="seasonsAmount">
          {title.seasons_amount}
        </Row>
      ) : null}
      {title.episodes_amount != null ? (
        <Row label={f('episodesAmount')} field="episodesAmount">
          {title.episodes_amount}
        </Row>
      ) : null}
      {title.production_companies.length ? (
        <Row label={f('productionCompanies')} field="productionCompanies">
          {title.production_companies.map((c, i) => (
            <span key={c.public_id}>
              {i > 0 ? ', ' : ''}
              <Link href={`/company/${c.public_id}`} className="underline">
                {c.name}
              </Link>
            </span>
          ))}
        </Row>
      ) : null}
      {title.imdb_id ? (
        <Row label={f('imdb')} field="imdb">
          <a href={`https://www.imdb.com/title/${title.imdb_id}/`} rel="noopener" target="_blank" className="underline">
            {title.imdb_id}
          </a>
        </Row>
      ) : null}
      {title.tmdb_id ? (
        <Row label={f('tmdb')} field="tmdb">
          <a
            href={`https://www.themoviedb.org/movie/${title.tmdb_id}`}
            rel="noopener"
            target="_blank"
            className="underline"
          >
            {title.tmdb_id}
          </a>
        </Row>
      ) : null}
    </dl>
  );
}
