'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/** Shown while a loader's code arrives. */
const loading = <LoadingNote />;

/**
 * The import pages' client parts, loaded after the page (the pages are for the logged-in owner and
 * not indexed, so nothing is lost without server rendering; keeps their first-load JavaScript
 * within the budget): the upload form, the progress of a running job, and the unknown discs' form.
 */
export const ImportUploadLoader = clientOnly(() => import('./import-upload').then((m) => m.ImportUpload), loading);

export const ImportProgressLoader = clientOnly(
  () => import('./import-progress').then((m) => m.ImportProgress),
  loading,
);

export const UnknownDiscsLoader = clientOnly(
  () => import('./unknown-discs-form').then((m) => m.UnknownDiscsForm),
  loading,
);
