import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CommentThread } from '@/components/community/comment-thread';
import { DeleteButtonLoader } from '@/components/community/thread-actions-loader';
import { LikeButton } from '@/components/community/like-button';
import { RefreshOnSession } from '@/components/community/refresh-on-session';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { ReviewArticle } from '@/components/reviews/review-article';
import { canModerate } from '@/lib/auth/policies';
import { currentActor } from '@/lib/auth/session';
import { getReview } from '@/lib/data/reviews';
import { likedPublicIds } from '@/lib/data/toggles';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string; publicId: string }>; searchParams: Promise<SearchParamsRecord> };

async function reviewOr404(publicId: string) {
  const review = isPublicId(publicId) ? await getReview(publicId) : null;
  if (!review) notFound();
  return review;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const review = await reviewOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'reviews' });
  return pageMetadata({
    locale,
    path: `/review/${publicId}`,
    title: review.headline,
    description: review.ingress ?? t('of', { name: review.movie.name }),
  });
}

const buttonLink = 'inline-flex min-h-10 items-center rounded-lg border border-line px-4 text-sm';

/**
 * /review/{public_id} (spec §2): one review in full with its like button, the link to the
 * discussions about it, and its comments (keyset pages `cursor`, `?reply={comment id}`); its
 * author sees the edit link and the delete button, an admin deletes it with a reason. Rendered
 * per viewer. Unknown ids answer 404. Data: lib/data/reviews.ts getReview, comments.ts.
 */
export default async function ReviewPage({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const review = await reviewOr404(publicId);
  const actor = await currentActor();
  // The author's own review (the DTO names the author by public id only).
  const own = !!actor && actor.publicId === review.author.public_id;
  const liked = await likedPublicIds(actor?.userId ?? null, 'review', [review.public_id]);
  const t = await getTranslations({ locale, namespace: 'reviews' });
  const tf = await getTranslations({ locale, namespace: 'forms' });
  const tc = await getTranslations({ locale, namespace: 'community' });
  const sp = await searchParams;
  const path = `/review/${review.public_id}`;
  let thread;
  try {
    thread = await CommentThread({
      thread: { type: 'review', publicId: review.public_id },
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
      <ReviewArticle review={review} locale={locale} />
      <p className="mt-6 flex flex-wrap items-center gap-3">
        <LikeButton
          item="review"
          publicId={review.public_id}
          count={review.likes_count}
          on={actor ? liked.has(review.public_id) : null}
          own={own}
        />
        <Link href={`${path}/posts`} className={buttonLink} data-testid="review-posts">
          {tc('posts.ofReview')}
        </Link>
        {own ? (
          <Link href={`${path}/edit`} className={buttonLink} data-testid="review-edit">
            {t('edit')}
          </Link>
        ) : null}
        {own || canModerate(actor) ? (
          <DeleteButtonLoader
            endpoint={`/api/reviews/${review.public_id}`}
            askReason={!own}
            redirectTo="/reviews"
            labels={{
              delete: t('delete'),
              confirm: t('deleteConfirm'),
              deleted: t('deleted'),
              failed: tf('submitFailed'),
              reason: tc('comments.removeReason'),
            }}
            testId="review-delete"
          />
        ) : null}
      </p>
      {thread}
    </div>
  );
}
