'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/**
 * The edit page's content is filled from /api/me in the browser, so server rendering it gives
 * nothing: it loads after the page (keeps the route's first-load JavaScript within budget).
 */
export const EditMyDataLoader = clientOnly(
  () => import('./edit-my-data/edit-my-data').then((m) => m.EditMyData),
  <LoadingNote />,
);
