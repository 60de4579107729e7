'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/**
 * The review form, loaded after the page (the form pages are for logged-in members and not
 * indexed, so nothing is lost without server rendering; keeps their first-load JavaScript within
 * the budget).
 */
export const ReviewFormLoader = clientOnly(() => import('./review-form').then((m) => m.ReviewForm), <LoadingNote />);
