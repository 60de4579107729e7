import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ListFilters, withQuery } from '@/components/community/list-filters';
import { PostList } from '@/components/community/post-list';
import { WRITE_LINK_CLASS } from '@/components/community/write-link';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { postLinkParam } from '@/components/community/post-link-param';
import { listPosts, postLinkTarget, type PostLink } from '@/lib/data/posts';
import { AppError } from '@/lib/errors';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { isPublicId, MAX_QUERY_LENGTH } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

type PostFilter = 'all' | 'en' | 'fi';
const FILTERS: PostFilter[] = ['all', 'en', 'fi'];

/** The href of a filter, about one item (`?movie=` …) or all discussions. */
function filterHref(filter: PostFilter, about: PostLink | null): string {
  const params = new URLSearchParams(about ? { [about.type]: about.publicId } : {});
  if (filter !== 'all') params.set('la', filter);
  const query = params.toString();
  return query ? `/posts?${query}` : '/posts';
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  return pageMetadata({ locale, path: '/posts', title: t('title'), description: t('description') });
}

/**
 * /posts: discussions, the most recently active first, with the filters all, English
 * (`la=en`) and Finnish (`la=fi`), text search `q` (headline and first message) and keyset pages
 * (`cursor`; a forged cursor goes back to the first page). `movie`, `release` or `review` (public
 * id) keeps the discussions about that item (the "all discussions" link of its tab); an unknown
 * item answers 404. Data: lib/data/posts.ts listPosts.
 */
export default async function PostsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  const sp = await searchParams;
  const la = firstParam(sp, 'la');
  const filter: PostFilter = la === 'en' || la === 'fi' ? la : 'all';
  const q = firstParam(sp, 'q').trim().slice(0, MAX_QUERY_LENGTH) || null;
  const cursor = firstParam(sp, 'cursor');
  const link = postLinkParam(sp);
  const about = link && isPublicId(link.publicId) ? await postLinkTarget(link) : null;
  if (link && !about) notFound();
  const href = withQuery(filterHref(filter, about), q);
  let page;
  try {
    page = await listPosts(
      { la: filter === 'all' ? null : filter, q, ...(about ? { [about.type]: about.publicId } : {}) },
      { cursor: cursor || null },
    );
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor') redirect({ href, locale });
    throw error;
  }
  return (
    <div data-testid="listing-posts">
      <PageHeading title={about ? t('aboutTitle', { name: about.name }) : t('title')} lead={t('description')} />
      <Link
        href={about ? `/posts/new?${about.type}=${about.publicId}` : '/posts/new'}
        className={WRITE_LINK_CLASS}
        data-testid="post-write"
      >
        {t('new')}
      </Link>
      <ListFilters
        filters={FILTERS.map((key) => ({ key, href: filterHref(key, about), label: t(`filters.${key}`) }))}
        current={filter}
        q={q}
        labels={{ nav: t('title'), searchLabel: t('searchLabel'), search: t('search') }}
        testIdPrefix="post-filter"
      />
      {page.items.length ? <PostList posts={page.items} locale={locale} /> : <EmptyState title={t('empty')} />}
      <Pagination locale={locale} href={href} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
