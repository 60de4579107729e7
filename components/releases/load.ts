import 'server-only';
import { cache } from 'react';
import { getRelease, listOtherReleases } from '@/lib/data/releases';

/** getRelease deduplicated per request (generateMetadata and the page share one query). */
export const loadRelease = cache((publicId: string) => getRelease(publicId));

/** listOtherReleases deduplicated per request. */
export const loadOtherReleases = cache((publicId: string) => listOtherReleases(publicId));
