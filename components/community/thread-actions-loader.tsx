'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/**
 * The member-only parts of review and discussion pages, loaded after the page: the comment form,
 * a comment's inline editor and the delete buttons (visitors never need their code, and it keeps
 * the pages' first-load JavaScript within the budget). Nothing is shown while they load, but "…"
 * in the comment form's place.
 */
export const CommentFormLoader = clientOnly(() => import('./comment-form').then((m) => m.CommentForm), <LoadingNote />);

/** See {@link CommentFormLoader}. */
export const CommentEditorLoader = clientOnly(() => import('./comment-form').then((m) => m.CommentEditor));

/** See {@link CommentFormLoader}. */
export const DeleteButtonLoader = clientOnly(() => import('./delete-button').then((m) => m.DeleteButton));
