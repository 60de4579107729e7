import 'server-only';
import { cache } from 'react';
import { currentActor } from '@/lib/auth/session';
import { getCollection } from '@/lib/data/collections';

/**
 * The collection of a `/collection/{id}…` page as the viewer may see it, read once per request
 * (metadata and page share it); null for a malformed id or one the viewer may not see.
 */
export const loadVisibleCollection = cache(async (publicId: string) => (/^[A-Za-z0-9_-]{1,64}$/.test(publicId) ? getCollection(await currentActor(), publicId) : null));
