import { getTranslations } from 'next-intl/server';
import type { CollectionDto } from '@/lib/data/collections';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Link } from '@/lib/i18n/navigation';
import { defaultNameKey } from '@/lib/validation/collection-limits';

/** A collection's name as shown: the owner's own, or the translated default name of a shortcut list. */
export function collectionTitle(
  c: { name: string; style: number },
  t: (key: `defaultNames.${2 | 3 | 4 | 6}`) => string,
): string {
  const key = defaultNameKey(c);
  return key ? t(key) : c.name;
}

/** Badges of a collection: its kind, what it holds, private, shortcut list, in the trash. */
export async function CollectionBadges({ collection, locale }: { collection: CollectionDto; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  const badge = 'rounded-full bg-tint px-2 py-0.5 text-xs font-medium';
  return (
    <p className="flex flex-wrap gap-1.5">
      <span className={badge}>{t(`styles.${collection.style as 1}`)}</span>
      <span className={badge}>{t(collection.category === 'movies' ? 'categoryMovies' : 'categoryReleases')}</span>
      {collection.visibility === 'private' ? (
        <span className={`${badge} bg-accent-soft text-accent-strong`}>{t('private')}</span>
      ) : null}
      {collection.shortcut_default ? <span className={badge}>{t('shortcutBadge')}</span> : null}
      {collection.deleted ? (
        <span className={`${badge} bg-accent-soft text-accent-strong`}>{t('deletedBadge')}</span>
      ) : null}
    </p>
  );
}

/** The card's place of a collection without a picture, or whose picture cannot be loaded. */
const NO_PICTURE = <span aria-hidden="true" className="h-20 w-14 shrink-0 rounded bg-accent-soft" />;

/**
 * Collections as cards: picture, name (link), owner, badges and number of items. `showOwner`
 * false on a user's own section, where the owner is the page.
 */
export async function CollectionList({
  collections,
  locale,
  showOwner = true,
  heading: Heading = 'h2',
}: {
  collections: CollectionDto[];
  locale: string;
  showOwner?: boolean;
  /** The names' heading level: `h2` under a page's title, `h3` under a section heading. */
  heading?: 'h2' | 'h3';
}) {
  const t = await getTranslations({ locale, namespace: 'collections' });
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="collection-list">
      {collections.map((c) => (
        <li key={c.public_id}>
          <article
            className="flex h-full gap-3 rounded-lg border border-line bg-panel p-3"
            data-testid="collection-card"
          >
            {c.picture_url ? (
              <FallbackImage
                src={c.picture_url}
                alt=""
                className="h-20 w-14 shrink-0 rounded object-cover"
                fallback={NO_PICTURE}
              />
            ) : (
              NO_PICTURE
            )}
            <div className="min-w-0 flex-1">
              <Heading className="font-semibold leading-snug">
                <Link
                  href={`/collection/${c.public_id}`}
                  prefetch={false}
                  className="hover:text-accent-strong hover:underline"
                >
                  {collectionTitle(c, t)}
                </Link>
              </Heading>
              {showOwner ? (
                <p className="text-sm text-muted">
                  <Link href={`/user/${c.owner.public_id}`} prefetch={false} className="underline">
                    {t('by', { name: c.owner.name })}
                  </Link>
                </p>
              ) : null}
              <p className="text-sm">{t('entriesCount', { count: c.entries_count })}</p>
              <div className="mt-1">
                <CollectionBadges collection={c} locale={locale} />
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
