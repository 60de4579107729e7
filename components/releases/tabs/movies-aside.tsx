import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { ReleaseTabProps } from './tab-empty';

/** The movies on a release, linking to their pages (overview aside and the `movies` tab). */
export async function MoviesAside({ release, locale }: ReleaseTabProps) {
  const t = await getTranslations({ locale, namespace: 'releases' });
  return (
    <aside aria-labelledby="release-movies">
      <h2 id="release-movies" className="mb-3 text-xl font-bold">
        {t('tabs.movies')}
      </h2>
      <ul className="space-y-2" data-testid="release-movies">
        {release.movies.map((m) => (
          <li key={m.public_id}>
            <Link href={`/movie/${m.public_id}`} className="font-medium underline">
              {m.name}
            </Link>
            {m.year ? <span className="text-muted"> ({m.year})</span> : null}
          </li>
        ))}
      </ul>
    </aside>
  );
}
