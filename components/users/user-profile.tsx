import { getTranslations } from 'next-intl/server';
import { COUNTRIES } from '@/lib/validation/enums';
import type { PublicUser } from '@/lib/data/users';

const COUNTRY_CODE_BY_ID = new Map<number, string>(Object.entries(COUNTRIES).map(([code, id]) => [id, code]));

/** A user's public profile (spec §2 /user/{id}): name, role, points, where, since when, links. Public fields only. */
export async function UserProfile({ user, locale }: { user: PublicUser; locale: string }) {
  const t = await getTranslations('users');
  const code = user.country != null ? COUNTRY_CODE_BY_ID.get(user.country) : undefined;
  const country = code && code.length === 2 ? new Intl.DisplayNames([locale], { type: 'region' }).of(code) : null;
  const since = new Intl.DateTimeFormat(locale === 'fi' ? 'fi-FI' : 'en-GB', { day: 'numeric', month: 'numeric', year: 'numeric' }).format(new Date(user.created_at));
  const links = Object.entries(user.social).filter((e): e is [string, string] => Boolean(e[1]));
  return (
    <article className="flex flex-col gap-4">
      <header className="flex items-center gap-4">
        <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-accent-soft text-2xl font-bold text-accent-strong">
          {user.name.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h1 className="text-2xl font-bold">{user.name}</h1>
          <p className="text-sm text-muted">
            {t('memberSince', { date: since })}
            {user.role === 'admin' ? ` · ${t('admin')}` : ''}
          </p>
        </div>
      </header>
      <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">{t('points')}</dt>
        <dd>{user.points}</dd>
        {country ? (
          <>
            <dt className="font-medium">{t('country')}</dt>
            <dd>{country}</dd>
          </>
        ) : null}
        {user.municipality ? (
          <>
            <dt className="font-medium">{t('municipality')}</dt>
            <dd>{user.municipality}</dd>
          </>
        ) : null}
      </dl>
      {links.length ? (
        <section>
          <h2 className="text-lg font-semibold">{t('links')}</h2>
          <ul className="mt-1 flex flex-wrap gap-3 text-sm">
            {links.map(([site, url]) => (
              <li key={site}>
                <a href={url} rel="nofollow noopener ugc" className="text-accent-strong underline">
                  {site}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
