import { getTranslations } from 'next-intl/server';
import { SubpageTabs } from '@/components/listing/subpage-tabs';
import { countryName } from '@/lib/countries';
import { ValueSummary } from '@/components/collections/value-views';
import { userCollectionsValue } from '@/lib/data/collection-values';
import { PostList } from '@/components/community/post-list';
import { PreviewSection } from '@/components/listing/preview-section';
import { ReviewList } from '@/components/reviews/review-list';
import { currentActor } from '@/lib/auth/session';
import type { Actor } from '@/lib/auth/actor';
import { listPosts } from '@/lib/data/posts';
import { listReviews } from '@/lib/data/reviews';
import { userActivity, userCollected, type PublicUser } from '@/lib/data/users';
import { Link } from '@/lib/i18n/navigation';
import { formatDayOf, formatNumber } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { FriendButton } from './friend-button';
import { friendButtonLabels } from './friend-labels';

/** Sections of a user page (the /user/{id} subpages); `overview` is the profile itself. */
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

/**
 * A user's page (/user/{id} and its subpages): the header (name, role, since when), the
 * friend button (loaded after the page for the viewer), the section tabs, and the section:
 * `children` when the page gives it (collections, friends, contributions, score, likes, posts,
 * reviews), else the profile (points, where, links). Public fields only.
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
  const viewer = tab === 'overview' ? await currentActor() : null;
  const country = countryName(locale, user.country);
  const since = formatDayOf(user.created_at, locale, siteTimeZone());
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
          <ActivitySummary user={user} viewer={viewer} locale={locale} />
          <CollectedSummary user={user} viewer={viewer} locale={locale} />
          <UserValue user={user} locale={locale} />
          <LatestWriting user={user} locale={locale} />
        </>
      ) : null}
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

/** The big number of a count card (`<n>` in the `users.activity` and `users.collected` messages). */
const countNumber = (chunks: React.ReactNode) => (
  <span className="block text-2xl font-bold tabular-nums text-ink">{chunks}</span>
);

/**
 * A titled row of count cards ("3 reviews", "124 owned"), each a link: the profile's activity
 * and collection summaries.
 */
function CountCards({
  id,
  title,
  cards,
}: {
  id: string;
  title: string;
  cards: { key: string; href: string; content: React.ReactNode }[];
}) {
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-2 grid max-w-2xl grid-cols-2 gap-2 sm:grid-cols-4">
        {cards.map((card) => (
          <li key={card.key} data-key={card.key}>
            <Link
              href={card.href}
              prefetch={false}
              className="block rounded-lg border border-line bg-panel px-3 py-2 hover:border-accent"
            >
              <span className="text-sm text-muted">{card.content}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What the member has done, as counts linking to the tabs that list them ("3 reviews",
 * "1 friend"): the viewer's own private collections count on their own page only.
 */
async function ActivitySummary({ user, viewer, locale }: { user: PublicUser; viewer: Actor | null; locale: string }) {
  const activity = await userActivity(viewer, user.public_id);
  if (!activity) return null;
  const t = await getTranslations({ locale, namespace: 'users.activity' });
  return (
    <CountCards
      id="user-activity"
      title={t('title')}
      cards={ACTIVITY_TABS.map((tab) => ({
        key: tab,
        href: `/user/${user.public_id}/${tab}`,
        content: t.rich(tab, { count: activity[tab], n: countNumber }),
      }))}
    />
  );
}

/** Collection styles in the order a collector reads them: owned and wanted first, other collections last. */
const STYLE_ORDER = [3, 4, 7, 5, 2, 6, 1] as const;

/**
 * How many items the member keeps per collection style ("124 owned", "18 wanted"), over the
 * collections the viewer may see; each card links to the collection when it is the only one of
 * its style, else to the collections tab. Nothing when no visible collection holds anything.
 */
async function CollectedSummary({ user, viewer, locale }: { user: PublicUser; viewer: Actor | null; locale: string }) {
  const collected = await userCollected(viewer, user.public_id);
  if (!collected.length) return null;
  const t = await getTranslations({ locale, namespace: 'users.collected' });
  const byStyle = new Map(collected.map((c) => [c.style, c]));
  const rows = STYLE_ORDER.flatMap((style) => byStyle.get(style) ?? []);
  return (
    <CountCards
      id="user-collected"
      title={t('title')}
      cards={rows.map((c) => ({
        key: String(c.style),
        href: c.collection ? `/collection/${c.collection}` : `/user/${user.public_id}/collections`,
        content: t.rich(`styles.${String(c.style) as '1'}`, { count: c.entries, n: countNumber }),
      }))}
    />
  );
}

/** Reviews and discussions previewed on a profile. */
const PROFILE_PREVIEW_SIZE = 3;

/**
 * The member's newest reviews and discussions (three each, side by side on wide screens), each
 * with a "See all" link to its tab; a kind the member has not written is left out.
 */
async function LatestWriting({ user, locale }: { user: PublicUser; locale: string }) {
  const [reviews, posts] = await Promise.all([
    listReviews({ user: user.public_id }, { limit: PROFILE_PREVIEW_SIZE }),
    listPosts({ user: user.public_id }, { limit: PROFILE_PREVIEW_SIZE }),
  ]);
  if (!reviews.items.length && !posts.items.length) return null;
  const t = await getTranslations({ locale, namespace: 'users' });
  const base = `/user/${user.public_id}`;
  return (
    <div className="grid gap-x-8 lg:grid-cols-2">
      {reviews.items.length ? (
        <PreviewSection id="user-reviews" title={t('latestReviews')} seeAll={t('seeAll')} href={`${base}/reviews`}>
          <ReviewList reviews={reviews.items} locale={locale} heading="h3" />
        </PreviewSection>
      ) : null}
      {posts.items.length ? (
        <PreviewSection id="user-posts" title={t('latestPosts')} seeAll={t('seeAll')} href={`${base}/posts`}>
          <PostList posts={posts.items} locale={locale} heading="h3" />
        </PreviewSection>
      ) : null}
    </div>
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
