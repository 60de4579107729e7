import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { SubpageTabs } from '@/components/listing/subpage-tabs';
import { COUNTRIES } from '@/lib/validation/enums';
import { ValueSummary } from '@/components/collections/value-views';
import { userCollectionsValue } from '@/lib/data/collection-values';
import { currentActor } from '@/lib/auth/session';
import { userActivity, type PublicUser } from '@/lib/data/users';
import { Link } from '@/lib/i18n/navigation';
import { formatDate, formatNumber } from '@/lib/format';
import { FriendButton } from './friend-button';
import { friendButtonLabels } from './friend-labels';

/** Sections of a user page (spec §2 /user/{id} subpages); `overview` is the profile itself. */
export const USER_TABS = [
  'overview',
  'collections',
  'friends',
  'contributions',
  'score',
  'likes',
  'posts',
  'reviews',
] as const;
export type UserTab = (typeof USER_TABS)[number];

const COUNTRY_CODE_BY_ID = new Map<number, string>(Object.entries(COUNTRIES).map(([code, id]) => [id, code]));

/**
 * A user's page (spec §2 /user/{id} and its subpages): the header (name, role, since when), the
 * friend button (loaded after the page for the viewer), the section tabs, and the section:
 * `children` when the page gives it (collections, friends, likes, posts, reviews), else the profile
 * (points, where, links), the score, or the empty state of a section that has nothing to show
 * (contributions). Public fields only.
 */
export async function UserProfile({
  user,
  locale,
  tab = 'overview',
  children,
}: {
  user: PublicUser;
  locale: string;
  tab?: UserTab;
  children?: React.ReactNode;
}) {
  const t = await getTranslations('users');
  const code = user.country != null ? COUNTRY_CODE_BY_ID.get(user.country) : undefined;
  const country = code && code.length === 2 ? new Intl.DisplayNames([locale], { type: 'region' }).of(code) : null;
  const since = formatDate(user.created_at, locale);
  const links = Object.entries(user.social).filter((e): e is [string, string] => Boolean(e[1]));
  return (
    <article className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-4">
        {user.picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- user uploads are served as static variants, never through the image optimizer
          <img
            src={`/uploads/lg-${user.picture}`}
            alt=""
            width={64}
            height={64}
            className="size-16 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-accent-soft text-2xl font-bold text-accent-strong"
          >
            {user.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className="text-2xl font-bold">{user.name}</h1>
          <p className="text-sm text-muted">
            {t('memberSince', { date: since })}
            {user.role === 'admin' ? ` · ${t('admin')}` : ''}
          </p>
        </div>
        <div className="ml-auto">
          <FriendButton publicId={user.public_id} labels={await friendButtonLabels(locale, user.name)} />
        </div>
      </header>
      <SubpageTabs
        label={t('tabs.label')}
        base={`/user/${user.public_id}`}
        current={tab}
        tabs={USER_TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
      />
      {children ? (
        children
      ) : tab === 'overview' ? (
        <>
          <ProfileDetails user={user} country={country} links={links} locale={locale} />
          <ActivitySummary user={user} locale={locale} />
          <UserValue user={user} locale={locale} />
        </>
      ) : tab === 'score' ? (
        <p className="max-w-prose text-sm">{t('scoreText', { name: user.name, count: user.points })}</p>
      ) : (
        <EmptyState title={t(`tabs.${tab}`)}>{t(`tabEmpty.${tab}`, { name: user.name })}</EmptyState>
      )}
    </article>
  );
}

async function ProfileDetails({
  user,
  country,
  links,
  locale,
}: {
  user: PublicUser;
  country: string | null | undefined;
  links: [string, string][];
  locale: string;
}) {
  const t = await getTranslations('users');
  // Site names are the labels of the edit form's link fields (account.facebookUrl …).
  const ta = await getTranslations('account');
  return (
    <>
      <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">{t('points')}</dt>
        <dd>{formatNumber(user.points, locale)}</dd>
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
                  {ta(`${site as keyof PublicUser['social']}Url`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The sections counted in the profile's activity summary, each a link to its tab. */
const ACTIVITY_TABS = ['reviews', 'posts', 'friends', 'collections'] as const;

/**
 * What the member has done, as counts linking to the tabs that list them ("3 reviews",
 * "1 friend"): the viewer's own private collections count on their own page only.
 */
async function ActivitySummary({ user, locale }: { user: PublicUser; locale: string }) {
  const activity = await userActivity(await currentActor(), user.public_id);
  if (!activity) return null;
  const t = await getTranslations({ locale, namespace: 'users.activity' });
  return (
    <section aria-labelledby="user-activity" data-testid="user-activity">
      <h2 id="user-activity" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <ul className="mt-2 grid max-w-2xl grid-cols-2 gap-2 sm:grid-cols-4">
        {ACTIVITY_TABS.map((tab) => (
          <li key={tab}>
            <Link
              href={`/user/${user.public_id}/${tab}`}
              prefetch={false}
              className="block rounded-lg border border-line bg-panel px-3 py-2 hover:border-accent"
            >
              <span className="text-sm text-muted">
                {t.rich(tab, {
                  count: activity[tab],
                  n: (chunks) => <span className="block text-2xl font-bold tabular-nums text-ink">{chunks}</span>,
                })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The value of the user's public collections, when any entry has a price. */
async function UserValue({ user, locale }: { user: PublicUser; locale: string }) {
  const value = await userCollectionsValue(null, user.public_id);
  if (!value.priced_count) return null;
  const t = await getTranslations({ locale, namespace: 'collections' });
  return (
    <div className="max-w-xs">
      <ValueSummary value={value} locale={locale} title={t('value.userTotal')} />
    </div>
  );
}
