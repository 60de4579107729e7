import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MemberGate } from '@/components/account/member-gate';
import { postFormLabels } from '@/components/community/post-form-labels';
import { PostFormLoader } from '@/components/community/post-form-loader';
import { PageHeading } from '@/components/listing/page-heading';
import { currentActor } from '@/lib/auth/session';
import { getPost } from '@/lib/data/posts';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  return pageMetadata({
    locale,
    path: `/post/${publicId}/edit`,
    title: t('editTitle'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /post/{public_id}/edit: the author's form of their discussion (headline, first
 * message, language; what it is about stays); a visitor gets the login prompt and dialog, then the form;
 * someone else's or an unknown discussion answers 404.
 */
export default async function EditPostPage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const actor = await currentActor();
  if (!actor)
    return (
      <MemberGate
        locale={locale}
        title={(await getTranslations({ locale, namespace: 'community.posts' }))('editTitle')}
      />
    );
  const post = isPublicId(publicId) ? await getPost(publicId) : null;
  if (!post || !actor || post.author.public_id !== actor.publicId) notFound();
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  return (
    <div>
      <PageHeading title={t('editTitle')} lead={post.headline} />
      <PostFormLoader
        publicId={post.public_id}
        labels={await postFormLabels(locale, 'edit')}
        initial={{ headline: post.headline, body: post.body, language: post.language }}
      />
    </div>
  );
}
