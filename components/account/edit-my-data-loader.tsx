'use client';

import dynamic from 'next/dynamic';

/**
 * The edit page's content is filled from /api/me in the browser, so server rendering it gives
 * nothing: it loads after the page (keeps the route's first-load JavaScript within budget).
 */
export const EditMyDataLoader = dynamic(() => import('./edit-my-data/edit-my-data').then((m) => m.EditMyData), {
  ssr: false,
  loading: () => <p className="text-sm text-muted">…</p>,
});
