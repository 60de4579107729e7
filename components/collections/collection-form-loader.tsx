'use client';

import dynamic from 'next/dynamic';

/**
 * The collection form, loaded after the page (the form pages are for logged-in owners and not
 * indexed, so nothing is lost without server rendering; keeps their first-load JavaScript within
 * the budget).
 */
export const CollectionFormLoader = dynamic(() => import('./collection-form').then((m) => m.CollectionForm), {
  ssr: false,
  loading: () => <p className="text-sm text-muted">…</p>,
});
