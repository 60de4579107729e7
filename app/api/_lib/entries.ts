/** Shared by the route handlers that write collection entries. */
import { revalidateCataloguePages } from '@/lib/page-cache';

/**
 * After an entry of a movie or release was added or changed: its cached pages show the value
 * average and the collections that hold it, so they are marked stale (lib/page-cache.ts). The
 * write has already succeeded, so a failed revalidation only leaves the page stale for at most
 * PAGE_REVALIDATE_SECONDS (logged); called outside a Next request (route handlers run directly by
 * the integration tests) there is no page cache and nothing to do.
 */
export function revalidateEntryItem(entry: {
  movie: { public_id: string } | null;
  release: { public_id: string } | null;
}): void {
  try {
    if (entry.release) revalidateCataloguePages({ release: [entry.release.public_id] });
    if (entry.movie) revalidateCataloguePages({ movie: [entry.movie.public_id] });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('static generation store missing')))
      console.error('revalidate after an entry write failed', error);
  }
}
