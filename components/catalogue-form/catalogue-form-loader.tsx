'use client';

import dynamic from 'next/dynamic';

/**
 * The catalogue suggestion form, loaded after the page (the form pages are for logged-in members
 * and not indexed; keeps their first-load JavaScript within the budget).
 */
export const CatalogueFormLoader = dynamic(() => import('./catalogue-form').then((m) => m.CatalogueFormView), {
  ssr: false,
  loading: () => <p className="text-sm text-muted">…</p>,
});

/** "Is it on TMDb?" above the new-movie form, loaded the same way (its form code stays out of the first load). */
export const ImportRequestLoader = dynamic(() => import('./import-request-form').then((m) => m.ImportRequestForm), {
  ssr: false,
});
