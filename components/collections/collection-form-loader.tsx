'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/**
 * The collection form, loaded after the page (the form pages are for logged-in owners and not
 * indexed, so nothing is lost without server rendering; keeps their first-load JavaScript within
 * the budget).
 */
export const CollectionFormLoader = clientOnly(
  () => import('./collection-form').then((m) => m.CollectionForm),
  <LoadingNote />,
);
