import { getTranslations } from 'next-intl/server';
import type { PostDto } from '@/lib/data/posts';
import { formatDateTime, wasEdited } from '@/lib/format';
import { siteTimeZone } from '@/lib/time-zone';
import { Link } from '@/lib/i18n/navigation';
import { PlainText } from './plain-text';
import { postSubject } from './post-list';

/**
 * A discussion's opening (server component): headline, what it is about (movie, release or
 * review), who started it and when, its language, and the first message as plain text.
 */
export async function PostArticle({ post, locale }: { post: PostDto; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  const tr = await getTranslations({ locale, namespace: 'reviews' });
  const subject = postSubject(post);
  return (
    <article className="max-w-3xl" data-testid="post">
      <header className="mb-4">
        <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{post.headline}</h1>
        {subject ? (
          <p className="mt-1 text-muted">
            {t('about')}{' '}
            <Link href={subject.href} className="underline" data-testid="post-subject">
              {subject.name}
            </Link>
          </p>
        ) : null}
        <p className="mt-2 flex flex-wrap gap-3 text-sm text-muted">
          <Link href={`/user/${post.author.public_id}`} className="hover:underline">
            {t('by', { name: post.author.name })}
          </Link>
          <time dateTime={post.created_at}>{formatDateTime(post.created_at, locale, siteTimeZone())}</time>
          {wasEdited(post.created_at, post.updated_at) ? (
            <span data-testid="post-edited">
              {t('edited', { date: formatDateTime(post.updated_at, locale, siteTimeZone()) })}
            </span>
          ) : null}
          <span>{tr(`languages.${post.language}`)}</span>
        </p>
      </header>
      <PlainText text={post.body} testId="post-body" />
    </article>
  );
}
