import 'server-only';
import { notFound } from 'next/navigation';
import { loadRelease } from '@/components/releases/load';
import { redirect } from '@/lib/i18n/navigation';
import { isPublicId } from '@/lib/validation/listing';

/** Route params of an item subpage. */
export type ItemParams = Promise<{ locale: string; publicId: string }>;

/**
 * The `posts/new` and `reviews/new` subpages of movies, releases and reviews: the forms
 * live at /posts/new and /reviews/new, so the subpage redirects there with the item chosen
 * (`?movie=`, `?release=`, `?review=`; a release's review form also needs its first movie).
 * An unknown or malformed id answers 404.
 */
export async function redirectToNewForm(
  params: ItemParams,
  form: 'posts' | 'reviews',
  type: 'movie' | 'release' | 'review',
): Promise<never> {
  const { locale, publicId } = await params;
  if (!isPublicId(publicId)) notFound();
  if (form === 'reviews' && type === 'release') {
    const movie = (await loadRelease(publicId))?.movies[0];
    if (!movie) notFound();
    return redirect({ href: `/reviews/new?movie=${movie.public_id}&release=${publicId}`, locale });
  }
  return redirect({ href: `/${form}/new?${type}=${publicId}`, locale });
}
