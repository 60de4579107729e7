'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/** Shown while a form's code loads. */
const loading = <LoadingNote />;

/*
 * The media forms (./media-forms.tsx), loaded after the page as the catalogue forms are: the pages
 * are for logged-in members and not indexed, and their form code stays out of the first load.
 */

/** `photos/new`: PictureUploadForm. */
export const PictureUploadLoader = clientOnly(() => import('./media-forms').then((m) => m.PictureUploadForm), loading);
/** `/photo/{id}/edit`: PictureEditForm. */
export const PictureEditLoader = clientOnly(() => import('./media-forms').then((m) => m.PictureEditForm), loading);
/** `videos/new` and `/video/{id}/edit`: VideoForm. */
export const VideoFormLoader = clientOnly(() => import('./media-forms').then((m) => m.VideoForm), loading);
/** `buying_options/new`: ShoppingLinkForm. */
export const ShoppingLinkLoader = clientOnly(() => import('./media-forms').then((m) => m.ShoppingLinkForm), loading);
/** The suggested deletion on the edit pages: MediaDeleteForm. */
export const MediaDeleteLoader = clientOnly(() => import('./media-forms').then((m) => m.MediaDeleteForm), loading);
