import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CommentThread } from '@/components/community/comment-thread';
import { DeleteButtonLoader } from '@/components/community/thread-actions-loader';
import { LikeButton } from '@/components/community/like-button';
import { PostArticle } from '@/components/community/post-article';
import { RefreshOnSession } from '@/components/community/refresh-on-session';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { canModerate } from '@/lib/auth/policies';
import { currentActor } from '@/lib/auth/session';
import { getPost } from '@/lib/data/posts';
import { likedPublicIds } from '@/lib/data/toggles';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata, truncate } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string; publicId: string }>; searchParams: Promise<SearchParamsRecord> };

async function postOr404(publicId: string) {
  const post = isPublicId(publicId) ? await getPost(publicId) : null;
  if (!post) notFound();
  return post;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const post = await postOr404(publicId);
  return pageMetadata({
    locale,
    path: `/post/${publicId}`,
    title: post.headline,
    description: truncate(post.body),
  });
}

/**
 * /post/{public_id} (spec §2): a discussion with its first message, its like button and its
 * replies (keyset pages `cursor`, a reply to a reply with `?reply={comment id}`); its author sees
 * edit and delete, an admin deletes it with a reason. Rendered per viewer. Unknown ids answer 404.
 * Data: lib/data/posts.ts getPost, lib/data/comments.ts listComments.
 */
export default async function PostPage({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const post = await postOr404(publicId);
  const actor = await currentActor();
  const own = !!actor && actor.publicId === post.author.public_id;
  const liked = await likedPublicIds(actor?.userId ?? null, 'post', [post.public_id]);
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  const sp = await searchParams;
  const path = `/post/${post.public_id}`;
  let thread;
  try {
    thread = await CommentThread({
      thread: { type: 'post', publicId: post.public_id },
      path,
      locale,
      actor,
      cursor: firstParam(sp, 'cursor'),
      replyTo: firstParam(sp, 'reply'),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_cursor') redirect({ href: path, locale });
    throw error;
  }
  return (
    <div>
      <RefreshOnSession />
      <PostArticle post={post} locale={locale} />
      <p className="mt-6 flex flex-wrap items-center gap-3">
        <LikeButton
          item="post"
          publicId={post.public_id}
          count={post.likes_count}
          on={actor ? liked.has(post.public_id) : null}
          own={own}
        />
        {own ? (
          <Link
            href={`${path}/edit`}
            className="inline-flex min-h-10 items-center rounded-lg border border-line px-4 text-sm"
            data-testid="post-edit"
          >
            {t('edit')}
          </Link>
        ) : null}
        {own || canModerate(actor) ? (
          <DeleteButtonLoader
            endpoint={`/api/posts/${post.public_id}`}
            askReason={!own}
            redirectTo="/posts"
            labels={{
              delete: t('delete'),
              confirm: t('deleteConfirm'),
              deleted: t('deleted'),
              failed: t('failed'),
              reason: t('removeReason'),
            }}
            testId="post-delete"
          />
        ) : null}
      </p>
      {thread}
    </div>
  );
}
