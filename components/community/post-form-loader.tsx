'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/**
 * The discussion form, loaded after the page (the form pages are for logged-in members and not
 * indexed; keeps their first-load JavaScript within the budget).
 */
export const PostFormLoader = clientOnly(() => import('./post-form').then((m) => m.PostForm), <LoadingNote />);
