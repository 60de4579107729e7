'use client';

import { clientOnly, LoadingNote } from '@/components/ui/client-only';

/**
 * The barcode scanner (scan-panel.tsx), loaded after the page: its lookups, camera, offline copy
 * and outbox stay out of the first-load JavaScript, which the scanner page shares with every
 * page's budget. The worker keeps its chunk for scans without a connection (scan-panel.tsx
 * asks it to).
 */
export const ScanView = clientOnly(
  () => import('./scan-panel').then((m) => m.ScanPanel),
  <LoadingNote className="mt-6" />,
);
