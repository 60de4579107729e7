import { z } from 'zod';
import { route } from '@/lib/api/route';
import { publicIdParams } from '@/lib/api/schemas';
import { collectionJson, entriesCsv, exportFileName } from '@/lib/collections/export';
import { exportCollection } from '@/lib/data/collections';

export const dynamic = 'force-dynamic';

/**
 * GET /api/collections/{public_id}/export?format=csv|json (default csv): the collection's entries
 * as a file download (Content-Disposition attachment): CSV with a header row, or JSON
 * `{ collection, entries }`; columns in lib/collections/export.ts EXPORT_COLUMNS. 404 when the
 * caller may not see the collection; 400 for another format.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}/export',
  summary: "The collection's entries as a CSV or JSON download",
  tags: ['collections'],
  auth: 'public',
  params: publicIdParams,
  query: z.object({ format: z.enum(['csv', 'json']).default('csv') }),
  responses: {
    200: {
      description: 'The file (Content-Disposition attachment)',
      content: {
        'text/csv': { schema: z.string() },
        'application/json': {
          schema: z.object({ collection: z.looseObject({}), entries: z.array(z.looseObject({})) }),
        },
      },
    },
  },
  handler: async ({ params, query, viewer }) => {
    const data = await exportCollection(await viewer(), params.publicId);
    if (!data) return null;
    const format = query.format;
    const body = format === 'csv' ? entriesCsv(data.entries) : collectionJson(data.collection, data.entries);
    return new Response(body, {
      headers: {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="${exportFileName(data.collection, format)}"`,
        'cache-control': 'private, no-store',
      },
    });
  },
});
