import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PostArticle } from '@/components/community/post-article';
import { ThreadPage } from '@/components/community/thread-page';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { currentActor } from '@/lib/auth/session';
import { getPost } from '@/lib/data/posts';
import { pageMetadata } from '@/lib/seo';
import { truncate } from '@/lib/text';
import { isPublicId } from '@/lib/validation/listing';
import { ClientMessages } from '@/components/i18n/client-messages';

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
 * /post/{public_id}: a discussion with its first message, its like button and its
 * replies (keyset pages `cursor`, a reply to a reply with `?reply={comment id}`); its author sees
 * edit and delete, an admin deletes it with a reason. Rendered per viewer. Unknown ids answer 404.
 * Data: lib/data/posts.ts getPost, lib/data/comments.ts listComments.
 */
export default async function PostPage({ params, searchParams }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const post = await postOr404(publicId);
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  const sp = await searchParams;
  return (
    <ClientMessages scope="likes">
      <ThreadPage
        item={{ type: 'post', publicId: post.public_id }}
        locale={locale}
        actor={await currentActor()}
        author={post.author.public_id}
        likesCount={post.likes_count}
        cursor={firstParam(sp, 'cursor')}
        reply={firstParam(sp, 'reply')}
        labels={{
          edit: t('edit'),
          delete: t('delete'),
          confirm: t('deleteConfirm'),
          deleted: t('deleted'),
          failed: t('failed'),
          reason: t('removeReason'),
        }}
      >
        <PostArticle post={post} locale={locale} />
      </ThreadPage>
    </ClientMessages>
  );
}
