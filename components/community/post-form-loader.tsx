'use client';

import dynamic from 'next/dynamic';

/**
 * The discussion form, loaded after the page (the form pages are for logged-in members and not
 * indexed; keeps their first-load JavaScript within the budget).
 */
export const PostFormLoader = dynamic(() => import('./post-form').then((m) => m.PostForm), {
  ssr: false,
  loading: () => <p className="text-sm text-muted">…</p>,
});
