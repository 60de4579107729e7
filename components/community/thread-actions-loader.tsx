'use client';

import dynamic from 'next/dynamic';

/**
 * The member-only parts of review and discussion pages, loaded after the page: the comment form,
 * a comment's inline editor and the delete buttons (visitors never need their code, and it keeps
 * the pages' first-load JavaScript within the budget). Nothing is shown while they load.
 */
export const CommentFormLoader = dynamic(() => import('./comment-form').then((m) => m.CommentForm), {
  ssr: false,
  loading: () => <p className="text-sm text-muted">…</p>,
});

/** See {@link CommentFormLoader}. */
export const CommentEditorLoader = dynamic(() => import('./comment-form').then((m) => m.CommentEditor), {
  ssr: false,
});

/** See {@link CommentFormLoader}. */
export const DeleteButtonLoader = dynamic(() => import('./delete-button').then((m) => m.DeleteButton), {
  ssr: false,
});
