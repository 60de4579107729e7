import { actorFromRequest } from '@/lib/auth/request';
import { collectionJson, entriesCsv, exportFileName } from '@/lib/collections/export';
import { exportCollection } from '@/lib/data/collections';
import { badParam, withApiErrors } from '@/lib/errors';
import { isPublicId, notFound } from '../../../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/export?format=csv|json (default csv): the collection's entries
 * as a file download (Content-Disposition attachment): CSV with a header row, or JSON
 * `{ collection, entries }`; columns in lib/collections/export.ts EXPORT_COLUMNS. 404 when the
 * caller may not see the collection; 400 for another format.
 */
export const GET = withApiErrors(async (request: Request, context: { params: Promise<{ publicId: string }> }) => {
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  const format = new URL(request.url).searchParams.get('format') ?? 'csv';
  if (format !== 'csv' && format !== 'json') throw badParam('format', format.slice(0, 40));
  const data = await exportCollection(await actorFromRequest(request), publicId);
  if (!data) return notFound();
  const body = format === 'csv' ? entriesCsv(data.entries) : collectionJson(data.collection, data.entries);
  return new Response(body, {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(data.collection, format)}"`,
      'cache-control': 'private, no-store',
    },
  });
});
