import { listLabelsView } from '@/lib/data/labels';
import { withApiErrors } from '@/lib/errors';
import { json } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/labels_view: every label with at least one approved release, by name, with its
 * release count (labels page and menu): `{ items: LabelListItem[] }`.
 * Data source: lib/data/labels.ts listLabelsView.
 */
export const GET = withApiErrors(async () => json({ items: await listLabelsView() }));
