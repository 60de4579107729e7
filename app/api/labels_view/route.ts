import { z } from 'zod';
import { listLabelsView } from '@/lib/data/labels';
import { route } from '@/lib/api/route';
import { dto, jsonResponse } from '@/lib/api/schemas';

export const dynamic = 'force-dynamic';

/**
 * GET /api/labels_view: every label with at least one approved release, by name, with its
 * release count (labels page and menu): `{ items: LabelListItem[] }`.
 * Data source: lib/data/labels.ts listLabelsView.
 */
export const GET = route({
  method: 'GET',
  path: '/api/labels_view',
  summary: 'All labels with their release counts (labels page and menu)',
  tags: ['catalogue'],
  auth: 'public',
  responses: { 200: jsonResponse('Every label with a release', z.object({ items: z.array(dto('LabelListItem')) })) },
  handler: async () => ({ items: await listLabelsView() }),
});
