'use client';

import dynamic from 'next/dynamic';

/** Shown while a form's code loads. */
const loading = () => <p className="text-sm text-muted">…</p>;

/*
 * The media forms (./media-forms.tsx), loaded after the page as the catalogue forms are: the pages
 * are for logged-in members and not indexed, and their form code stays out of the first load.
 */

/** `photos/new`: PictureUploadForm. */
export const PictureUploadLoader = dynamic(() => import('./media-forms').then((m) => m.PictureUploadForm), {
  ssr: false,
  loading,
});
/** `/photo/{id}/edit`: PictureEditForm. */
export const PictureEditLoader = dynamic(() => import('./media-forms').then((m) => m.PictureEditForm), {
  ssr: false,
  loading,
});
/** `videos/new` and `/video/{id}/edit`: VideoForm. */
export const VideoFormLoader = dynamic(() => import('./media-forms').then((m) => m.VideoForm), { ssr: false, loading });
/** `buying_options/new`: ShoppingLinkForm. */
export const ShoppingLinkLoader = dynamic(() => import('./media-forms').then((m) => m.ShoppingLinkForm), {
  ssr: false,
  loading,
});
/** The suggested deletion on the edit pages: MediaDeleteForm. */
export const MediaDeleteLoader = dynamic(() => import('./media-forms').then((m) => m.MediaDeleteForm), {
  ssr: false,
  loading,
});
