'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/**
 * The catalogue suggestion form, loaded after the page (the form pages are for logged-in members
 * and not indexed; keeps their first-load JavaScript within the budget).
 */
export const CatalogueFormLoader = clientOnly(
  () => import('./catalogue-form').then((m) => m.CatalogueFormView),
  <LoadingNote />,
);

/** "Is it on TMDb?" above the new-movie form, loaded the same way (its form code stays out of the first load). */
export const ImportRequestLoader = clientOnly(() => import('./import-request-form').then((m) => m.ImportRequestForm));
