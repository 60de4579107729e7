import 'server-only';
import { getTranslations } from 'next-intl/server';
import { Pagination } from '@/components/listing/pagination';
import { canModerate } from '@/lib/auth/policies';
import type { Actor } from '@/lib/auth/actor';
import { listComments, type CommentDto, type ThreadType } from '@/lib/data/comments';
import { likedPublicIds } from '@/lib/data/toggles';
import { formatDateTime, wasEdited } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import type { CommentFormLabels } from './comment-form';
import type { DeleteLabels } from './delete-button';
import { CommentEditorLoader, CommentFormLoader, DeleteButtonLoader } from './thread-actions-loader';
import { LikeButton } from './like-button';
import { PlainText } from './plain-text';

/** Comments shown per page of a thread (oldest first). */
export const COMMENT_PAGE_SIZE = 50;

const API = { review: '/api/reviews', post: '/api/posts' } as const;

type ThreadProps = {
  thread: { type: ThreadType; publicId: string };
  /** The thread page's own path (`/review/{id}`, `/post/{id}`), unprefixed. */
  path: string;
  locale: string;
  actor: Actor | null;
  /** The `cursor` of the page of comments shown ('' for the first). */
  cursor: string;
  /** The public id of the comment being replied to (`?reply=`), if it is in this page. */
  replyTo: string;
};

/** The comment form's texts (translated here: the `community` namespace stays on the server). */
async function formLabels(locale: string): Promise<CommentFormLabels> {
  const t = await getTranslations({ locale, namespace: 'community.comments' });
  return {
    body: t('body'),
    submit: t('submit'),
    done: t('published'),
    cancelReply: t('cancelReply'),
    save: t('save'),
    saved: t('saved'),
    cancel: t('cancel'),
    edit: t('edit'),
  };
}

/**
 * The comments of a review or the replies of a discussion (server component, rendered per
 * viewer): a page of COMMENT_PAGE_SIZE comments oldest first with keyset links, each with its
 * author, time, the comment it answers, its plain text, its like button, a reply link
 * (`?reply={id}#comment-form`), and for its author edit and delete (an admin deletes any with a
 * reason); then the member's form, or a login link for visitors. Each comment carries
 * `id="comment-{public_id}"` so other pages can link to it.
 * @returns null for an unknown thread (the page answers 404 before rendering this)
 */
export async function CommentThread({ thread, path, locale, actor, cursor, replyTo }: ThreadProps) {
  const page = await listComments(thread, { cursor: cursor || null, limit: COMMENT_PAGE_SIZE });
  if (!page) return null;
  const t = await getTranslations({ locale, namespace: 'community.comments' });
  const liked = await likedPublicIds(
    actor?.userId ?? null,
    'comment',
    page.items.map((c) => c.public_id),
  );
  const labels = await formLabels(locale);
  const deleteLabels: DeleteLabels = {
    delete: t('delete'),
    confirm: t('deleteConfirm'),
    deleted: t('deleted'),
    failed: t('failed'),
    reason: t('removeReason'),
  };
  const replying = page.items.find((c) => c.public_id === replyTo) ?? null;
  const row = (c: CommentDto) => {
    const own = !!actor && actor.publicId === c.author.public_id;
    const edited = wasEdited(c.created_at, c.updated_at);
    return (
      <li
        key={c.public_id}
        id={`comment-${c.public_id}`}
        className="scroll-mt-20 rounded-lg border border-line p-3"
        data-testid="comment"
      >
        <p className="mb-1 flex flex-wrap gap-x-3 text-sm text-muted">
          <Link href={`/user/${c.author.public_id}`} className="font-semibold text-ink hover:underline">
            {c.author.name}
          </Link>
          <time dateTime={c.created_at}>{formatDateTime(c.created_at, locale, siteTimeZone())}</time>
          {edited ? <span>{t('edited')}</span> : null}
          {c.reply_to ? (
            <a href={`#comment-${c.reply_to.public_id}`} className="hover:underline">
              {t('inReplyTo', { name: c.reply_to.author.name })}
            </a>
          ) : null}
        </p>
        <PlainText text={c.body} />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <LikeButton
            item="comment"
            publicId={c.public_id}
            count={c.likes_count}
            on={actor ? liked.has(c.public_id) : null}
            own={own}
          />
          <Link
            href={`${path}?${new URLSearchParams({ ...(cursor ? { cursor } : {}), reply: c.public_id })}#comment-form`}
            scroll={false}
            className="min-h-9 content-center text-sm text-muted underline hover:text-ink"
            data-testid="comment-reply"
          >
            {t('reply')}
          </Link>
          {own ? <CommentEditorLoader publicId={c.public_id} body={c.body} labels={labels} /> : null}
          {own || canModerate(actor) ? (
            <DeleteButtonLoader
              endpoint={`/api/comments/${c.public_id}`}
              askReason={!own}
              labels={deleteLabels}
              testId="comment-delete"
              compact
            />
          ) : null}
        </div>
      </li>
    );
  };
  return (
    <section id="comments" className="mt-8 max-w-3xl scroll-mt-20" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="mb-3 text-xl font-semibold">
        {t(thread.type === 'post' ? 'repliesTitle' : 'title')}
      </h2>
      {page.items.length ? (
        <ol className="flex flex-col gap-3" data-testid="comments">
          {page.items.map(row)}
        </ol>
      ) : (
        <p className="text-muted" data-testid="comments-empty">
          {t(thread.type === 'post' ? 'noReplies' : 'none')}
        </p>
      )}
      <Pagination locale={locale} href={path} nextCursor={page.next_cursor} isFirstPage={!cursor} />
      <div id="comment-form" className="mt-6 scroll-mt-20" data-testid="comment-form">
        {actor ? (
          <>
            <h3 className="mb-2 font-semibold">
              {replying
                ? t('replyingTo', { name: replying.author.name })
                : t(thread.type === 'post' ? 'writeReply' : 'write')}
            </h3>
            <CommentFormLoader
              endpoint={`${API[thread.type]}/${thread.publicId}/comments`}
              threadPath={path}
              replyTo={replying?.public_id ?? null}
              labels={labels}
            />
          </>
        ) : (
          // A visitor: the login prompt and dialog on this page (refresh-on-session.tsx), which then
          // renders again for the member with the reply form here.
          <Link
            href={`/login?next=${encodeURIComponent(path)}`}
            data-login-prompt=""
            className="inline-flex min-h-10 items-center rounded-lg border border-line px-4 text-sm"
            data-testid="comment-login"
          >
            {t('loginToComment')}
          </Link>
        )}
      </div>
    </section>
  );
}
