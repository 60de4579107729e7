import { getTranslations } from 'next-intl/server';
import type { StreamItem } from '@/lib/data/stream';
import { formatDateTime } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import { collectionTitle } from '@/components/collections/collection-list';

const linkClass = 'font-medium hover:underline';

/** The href of what a stream item is about: the review, post, comment's thread anchor, or the collection. */
function itemHref(s: StreamItem): string | null {
  if (s.kind === 'review' || s.kind === 'post') return s.public_id ? `/${s.kind}/${s.public_id}` : null;
  if (s.kind === 'comment') return s.thread ? `/${s.thread.type}/${s.thread.public_id}#comment-${s.public_id}` : null;
  return s.collection ? `/collection/${s.collection.public_id}` : null;
}

/**
 * The stream (beta): what friends did, newest first, each with who, what (a day's additions to a
 * collection as one line: "added X and 4 others"), the start of what was written (plain text,
 * never HTML), and when.
 */
export async function StreamList({ items, locale }: { items: StreamItem[]; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'social.stream' });
  const tc = await getTranslations({ locale, namespace: 'collections' });
  return (
    <ul className="flex flex-col gap-3" data-testid="stream">
      {items.map((s) => {
        const href = itemHref(s);
        const user = (chunks: React.ReactNode) => (
          <Link href={`/user/${s.user.public_id}`} prefetch={false} className={linkClass}>
            {chunks}
          </Link>
        );
        const item = (chunks: React.ReactNode) =>
          s.item ? (
            <Link href={`/${s.item.type}/${s.item.public_id}`} className={linkClass}>
              {chunks}
            </Link>
          ) : (
            chunks
          );
        const collection = (chunks: React.ReactNode) =>
          href ? (
            <Link href={href} className={linkClass}>
              {chunks}
            </Link>
          ) : (
            chunks
          );
        return (
          <li
            key={`${s.kind}-${s.public_id ?? s.collection?.public_id ?? ''}-${s.item?.public_id ?? ''}-${s.at}`}
            className="rounded-lg border border-line p-4"
            data-testid={`stream-${s.kind}`}
          >
            <p className="text-sm">
              {t.rich(s.kind === 'entry' && (s.entries ?? 1) > 1 ? 'kinds.entries' : `kinds.${s.kind}`, {
                name: s.user.name,
                more: (s.entries ?? 1) - 1,
                itemName: s.item?.name ?? '',
                collectionName: s.collection ? collectionTitle(s.collection, tc) : '',
                user,
                item,
                collection,
              })}
            </p>
            {s.title && s.kind !== 'entry' && href ? (
              <h2 className="mt-1 text-lg font-semibold">
                <Link href={href} className="hover:underline">
                  {s.title}
                </Link>
              </h2>
            ) : null}
            {s.excerpt ? (
              <p className="mt-1 break-words" data-testid="stream-excerpt">
                {s.excerpt}
              </p>
            ) : null}
            <time dateTime={s.at} className="mt-1 block text-sm text-muted" data-testid="stream-time">
              {formatDateTime(s.at, locale, siteTimeZone())}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
