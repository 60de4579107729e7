import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import type { PostLink } from '@/lib/data/posts';

/**
 * The item a discussion page is about, from its query: `movie`, `release` or `review` (public id;
 * the first given), or null. Pure.
 */
export function postLinkParam(sp: SearchParamsRecord): PostLink | null {
  for (const type of ['movie', 'release', 'review'] as const) {
    const publicId = firstParam(sp, type);
    if (publicId) return { type, publicId };
  }
  return null;
}
