import { requireWriter } from '@/lib/auth/request';
import { pickCandidate } from '@/lib/data/collection-import';
import { AppError, withApiErrors } from '@/lib/errors';
import { bodyText, isPublicId, json, jsonBody, notFound } from '../../../../../_lib/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ publicId: string; importId: string }> };

/**
 * POST /api/collections/{public_id}/imports/{import_id}/picks: the owner picks one of a report
 * row's candidates. Body `{ line: number, item: public_id }`. The entry is added with the row's
 * fields (price, condition, date, notes). 200 `{ row, counts }` (the updated report row and the
 * report's counts); 400 `{ error }` for a bad body or an item that is not one of the row's
 * candidates; 409 when the row is matched already; 404 for an unknown import or line.
 */
export const POST = withApiErrors(async (request: Request, context: Context) => {
  const actor = await requireWriter(request);
  const { publicId, importId } = await context.params;
  if (!isPublicId(publicId) || !isPublicId(importId)) return notFound();
  const body = await jsonBody(request);
  const line = Number(body.line);
  const item = bodyText(body, 'item');
  if (!Number.isInteger(line) || line < 1 || !isPublicId(item)) throw new AppError('bad_body');
  const r = await pickCandidate(actor, publicId, importId, line, item);
  if (r.ok) return json({ row: r.row, counts: r.counts });
  if (r.error === 'notFound') return notFound();
  throw new AppError(r.error === 'notACandidate' ? 'import_not_candidate' : 'import_resolved');
});
