import 'server-only';
import { permanentRedirect } from 'next/navigation';
import { getMovieRedirect } from '@/lib/data/movie-redirects';
import { routing } from '@/lib/i18n/routing';
import { tabSegment, type MovieTab } from '@/lib/item-tabs';

/**
 * A movie page of a public id that was merged into another movie (lib/data/movie-redirects.ts)
 * answers a permanent redirect (308) to the same tab of the surviving movie, in the same locale
 * (`/movie/{old}` → `/movie/{new}`, `/fi/movie/{old}/releases` → `/fi/movie/{new}/releases`, and the
 * history and the contact page: `/movie/{old}/history` → `/movie/{new}/history`; the locale prefix
 * as lib/i18n/routing.ts writes it: none for the default locale).
 * Returns when the id was never merged (the caller answers 404).
 * @throws Next's redirect signal when the id was merged
 */
export async function redirectMergedMovie({
  locale,
  publicId,
  tab,
}: {
  locale: string;
  publicId: string;
  tab: MovieTab | 'history' | 'contact';
}): Promise<void> {
  const target = await getMovieRedirect(publicId);
  if (!target) return;
  const prefix = locale === routing.defaultLocale ? '' : `/${locale}`;
  const segment = tabSegment(tab);
  permanentRedirect(`${prefix}/movie/${encodeURIComponent(target)}${segment ? `/${segment}` : ''}`);
}
