import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MemberGate } from '@/components/account/member-gate';
import { postFormLabels } from '@/components/community/post-form-labels';
import { PostFormLoader } from '@/components/community/post-form-loader';
import { PageHeading } from '@/components/listing/page-heading';
import { type SearchParamsRecord } from '@/components/listing/searchable-list';
import { postLinkParam } from '@/components/community/post-link-param';
import { currentActor } from '@/lib/auth/session';
import { postLinkTarget } from '@/lib/data/posts';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  return pageMetadata({
    locale,
    path: '/posts/new',
    title: t('newTitle'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /posts/new, also reached from the `posts/new` subpages of movies, releases and
 * reviews as `?movie=`, `?release=` or `?review=` (public id): the form of a new discussion about
 * that item, or about nothing in particular. A visitor gets 'You must be logged in to use this
 * feature' with the login dialog, then the form on the same address; an unknown item answers 404.
 */
export default async function NewPostPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const sp = await searchParams;
  const link = postLinkParam(sp);
  if (!(await currentActor()))
    return (
      <MemberGate
        locale={locale}
        title={(await getTranslations({ locale, namespace: 'community.posts' }))('newTitle')}
      />
    );
  const target = link ? (isPublicId(link.publicId) ? await postLinkTarget(link) : null) : null;
  if (link && !target) notFound();
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  return (
    <div>
      <PageHeading title={target ? t('newAbout', { name: target.name }) : t('newTitle')} />
      <PostFormLoader
        link={target ? { type: target.type, publicId: target.publicId } : null}
        labels={await postFormLabels(locale, 'new')}
        initial={{ headline: '', body: '', language: locale === 'fi' ? 'fi' : 'en' }}
      />
    </div>
  );
}
