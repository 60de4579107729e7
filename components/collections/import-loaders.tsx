'use client';

import dynamic from 'next/dynamic';

/** Shown while a loader's code arrives. */
const loading = () => <p className="text-sm text-muted">…</p>;

/**
 * The import pages' client parts, loaded after the page (the pages are for the logged-in owner and
 * not indexed, so nothing is lost without server rendering; keeps their first-load JavaScript
 * within the budget): the upload form, the progress of a running job, and the unknown discs' form.
 */
export const ImportUploadLoader = dynamic(() => import('./import-upload').then((m) => m.ImportUpload), {
  ssr: false,
  loading,
});

export const ImportProgressLoader = dynamic(() => import('./import-progress').then((m) => m.ImportProgress), {
  ssr: false,
  loading,
});

export const UnknownDiscsLoader = dynamic(() => import('./unknown-discs-form').then((m) => m.UnknownDiscsForm), {
  ssr: false,
  loading,
});
