import { getTranslations } from 'next-intl/server';
import { enumKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import { MovieTabEmpty, type MovieTabProps } from './tab-empty';

/** `/movie/{id}/movie_connections`: sequels, remakes, spin-offs … as "{kind}: {title} ({year}) – {info}". */
export async function MovieConnectionsTab({ title, locale }: MovieTabProps) {
  if (!title.connections.length) return <MovieTabEmpty tab="movie_connections" locale={locale} />;
  const te = await getTranslations({ locale, namespace: 'enums' });
  return (
    <ul className="space-y-1" data-testid="connections">
      {title.connections.map((c, i) => (
        <li key={`${c.kind}-${c.movie.public_id}-${i}`}>
          <span className="text-muted">{te(enumKey('connections', c.kind))}: </span>
          <Link href={`/movie/${c.movie.public_id}`} className="underline">
            {c.movie.name}
          </Link>
          {c.movie.year ? ` (${c.movie.year})` : ''}
          {c.info ? <span className="text-muted"> – {c.info}</span> : null}
        </li>
      ))}
    </ul>
  );
}
