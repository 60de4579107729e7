import 'server-only';
import { cache } from 'react';
import { currentActor } from '@/lib/auth/session';
import { getCollection } from '@/lib/data/collections';
import { isPublicId } from '@/lib/validation/listing';

/**
 * The collection of a `/collection/{id}…` page as the viewer may see it, read once per request
 * (metadata and page share it); null for a malformed id or one the viewer may not see.
 */
export const loadVisibleCollection = cache(async (publicId: string) =>
  isPublicId(publicId) ? getCollection(await currentActor(), publicId) : null,
);
