import 'server-only';
import { cache } from 'react';
import { getTitle } from '@/lib/data/movies';

/** getTitle deduplicated per request (generateMetadata and the page share one query). */
export const loadTitle = cache((publicId: string) => getTitle(publicId));
