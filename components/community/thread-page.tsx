import 'server-only';
import type { ReactNode } from 'react';
import { canModerate } from '@/lib/auth/policies';
import type { Actor } from '@/lib/auth/actor';
import { likedPublicIds } from '@/lib/data/toggles';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { CommentThread } from './comment-thread';
import type { DeleteLabels } from './delete-button';
import { LikeButton } from './like-button';
import { RefreshOnSession } from './refresh-on-session';
import { DeleteButtonLoader } from './thread-actions-loader';

const API = { review: '/api/reviews', post: '/api/posts' } as const;
const LIST = { review: '/reviews', post: '/posts' } as const;

/**
 * The shared frame of a review page and a discussion page, rendered per viewer: the item itself
 * (`children`), then its like button, `links` (e.g. the review's discussions), the author's edit
 * link and delete button (an admin deletes someone else's with a reason), and its comment thread
 * (`cursor`, `reply` from the page's query). A forged cursor goes back to the thread's first page.
 */
export async function ThreadPage({
  item,
  locale,
  actor,
  author,
  likesCount,
  cursor,
  reply,
  labels,
  links,
  children,
}: {
  item: { type: 'review' | 'post'; publicId: string };
  locale: string;
  actor: Actor | null;
  /** The public id of the item's author. */
  author: string;
  likesCount: number;
  cursor: string;
  reply: string;
  labels: { edit: string } & DeleteLabels;
  links?: ReactNode;
  children: ReactNode;
}) {
  const path = `/${item.type}/${item.publicId}`;
  const own = !!actor && actor.publicId === author;
  const liked = await likedPublicIds(actor?.userId ?? null, item.type, [item.publicId]);
  let thread: ReactNode;
  try {
    thread = await CommentThread({ thread: item, path, locale, actor, cursor, replyTo: reply });
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_cursor') redirect({ href: path, locale });
    throw error;
  }
  const buttonLink = 'inline-flex min-h-10 items-center rounded-lg border border-line px-4 text-sm';
  return (
    <div>
      <RefreshOnSession />
      {children}
      <p className="mt-6 flex flex-wrap items-center gap-3">
        <LikeButton
          item={item.type}
          publicId={item.publicId}
          count={likesCount}
          on={actor ? liked.has(item.publicId) : null}
          own={own}
        />
        {links}
        {own ? (
          <Link href={`${path}/edit`} className={buttonLink} data-testid={`${item.type}-edit`}>
            {labels.edit}
          </Link>
        ) : null}
        {own || canModerate(actor) ? (
          <DeleteButtonLoader
            endpoint={`${API[item.type]}/${item.publicId}`}
            askReason={!own}
            redirectTo={LIST[item.type]}
            labels={labels}
            testId={`${item.type}-delete`}
          />
        ) : null}
      </p>
      {thread}
    </div>
  );
}
