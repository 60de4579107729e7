import type { PostListItem } from '@/lib/data/posts';
import type { ReviewListItem } from '@/lib/data/types';

const NO_RATINGS = { movie: null, release: null, picture: null, sound: null, extras: null, package: null };

/** A review as lists carry it: a review of Seven Samurai (1954) by Kalle, overridden by `over`. */
export function reviewItem(over: Partial<ReviewListItem> = {}): ReviewListItem {
  return {
    public_id: 'rvw0000001',
    headline: 'A review',
    ingress: null,
    language: 'en',
    watch_source: null,
    youtube_url: null,
    youtube_id: null,
    ratings: NO_RATINGS,
    movie: { public_id: 'mvSamurai1', name: 'Seven Samurai', year: 1954 },
    release: null,
    author: { public_id: 'usrKalle01', name: 'Kalle' },
    likes_count: 0,
    comments_count: 0,
    created_at: '2026-11-28T10:00:00.000Z',
    updated_at: '2026-11-28T10:00:00.000Z',
    ...over,
  };
}

/** A discussion as lists carry it: a general one started by Kalle, overridden by `over`. */
export function postItem(over: Partial<PostListItem> = {}): PostListItem {
  return {
    public_id: 'pst0000001',
    headline: 'A discussion',
    language: 'en',
    author: { public_id: 'usrKalle01', name: 'Kalle' },
    movie: null,
    release: null,
    review: null,
    likes_count: 0,
    comments_count: 0,
    last_activity_at: '2026-11-28T10:00:00.000Z',
    created_at: '2026-11-28T10:00:00.000Z',
    updated_at: '2026-11-28T10:00:00.000Z',
    ...over,
  };
}
