import { z } from 'zod';
import { route } from '@/lib/api/route';
import { dto, errorSchema, jsonResponse, publicIdParams } from '@/lib/api/schemas';
import { decodeImportFile, parseImportFile } from '@/lib/collections/import-parse';
import { runAfterResponse } from '@/lib/auth/after-response';
import { listImports, startImport } from '@/lib/data/collection-import';
import { AppError, APP_ERRORS } from '@/lib/errors';
import { IMPORT_MAX_BYTES } from '@/lib/validation/collection-limits';
import { json } from '../../../_lib/http';

export const dynamic = 'force-dynamic';

const IMPORT_ERRORS = {
  tooManyRows: 'import_too_many_rows',
  letterboxdNeedsMovies: 'import_letterboxd_movies',
  emptyFile: 'import_empty',
  running: 'import_running',
} as const;

/**
 * The import page translates its own refusals: they also carry their message key and parameters.
 * A file over the size cap is answered 413 (as any request body over its cap), another import
 * still running 409, the others 400.
 */
function importRefusal(error: AppError): Response {
  const status = error.code === 'import_too_large' ? 413 : error.status;
  return json(
    { error: error.message, code: error.code, key: APP_ERRORS[error.code].key, params: error.params },
    status,
  );
}

/** The body of a refused file: the message, its code, its key of the `api` messages and their parameters. */
const refusalSchema = errorSchema.extend({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

const tooLarge = () => new AppError('import_too_large', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });

/**
 * GET /api/collections/{public_id}/imports: the caller's last 50 imports into their collection,
 * newest first: `{ items: ImportJob[] }` (lib/data/collection-import.ts: public_id, file_name,
 * status queued | running | done | failed, rows_done, rows_total, error, created_at, finished_at,
 * counts once done: rows, matched, added, already, ambiguous, unmatched, unknown_barcodes). 401 for
 * a visitor; 404 for a collection that is not the caller's. Data: listImports.
 */
export const GET = route({
  method: 'GET',
  path: '/api/collections/{publicId}/imports',
  summary: "The caller's last 50 imports into their collection",
  tags: ['collections'],
  auth: 'member',
  params: publicIdParams,
  responses: { 200: jsonResponse('Import jobs', z.object({ items: z.array(dto('ImportJob')) })) },
  handler: async ({ actor, params }) => {
    const items = await listImports(actor, params.publicId);
    return items ? { items } : null;
  },
});

/**
 * POST /api/collections/{public_id}/imports: starts an import of a file into the caller's
 * collection. Body: multipart/form-data with `file` (CSV, JSON, JSON Lines or a Letterboxd export;
 * UTF-8, UTF-16 with BOM or Windows-1252; at most 5 MB and 5,000 rows; the request is read up to
 * 64 KB more than that and refused beyond). The file is read and checked at once; the rows are
 * matched and imported by a job that runs after the response. 202 with the queued job
 * (lib/data/collection-import.ts ImportJob: public_id, status, rows_done, rows_total, …): follow it
 * at GET …/imports/{import_id}/progress, read the report at GET …/imports/{import_id} once done.
 * 413 `{ error, key: importTooLarge, params }` for a file over 5 MB (a request body past the cap is
 * refused while it is read); 400 `{ error, key, params }` for no file, not text, no rows, too many
 * rows, a Letterboxd export into a releases collection; 409 `{ error, key: importRunning, params }`
 * while another import into the collection is queued or running; 401 / 403 as every write; 404
 * for a collection that is not the caller's.
 */
export const POST = route({
  method: 'POST',
  path: '/api/collections/{publicId}/imports',
  summary: "Starts an import of a file into the caller's collection",
  tags: ['collections'],
  auth: 'member',
  params: publicIdParams,
  multipart: {
    maxBytes: IMPORT_MAX_BYTES + 64 * 1024,
    tooLarge: () => importRefusal(tooLarge()),
    schema: z.object({
      file: z
        .string()
        .meta({ format: 'binary', description: 'CSV, JSON, JSON Lines or a Letterboxd export, at most 5 MB' }),
    }),
  },
  responses: {
    202: jsonResponse('The queued import job (ImportJob)', dto('ImportJob')),
    400: jsonResponse('A refused file', refusalSchema),
    409: jsonResponse('Another import into the collection is still running', refusalSchema),
    413: jsonResponse('A file over 5 MB', refusalSchema),
  },
  handler: async ({ actor, params, form }) => {
    try {
      const file = form?.get('file');
      if (!(file instanceof File) || file.size === 0) throw new AppError('import_no_file');
      if (file.size > IMPORT_MAX_BYTES) throw tooLarge();
      const text = decodeImportFile(new Uint8Array(await file.arrayBuffer()));
      if (text === null) throw new AppError('import_not_text');
      const fileName = file.name || 'import.csv';
      const r = await startImport(actor, {
        collection: params.publicId,
        fileName,
        parsed: parseImportFile(fileName, text),
      });
      if (!r.ok) throw new AppError(IMPORT_ERRORS[r.error], r.params);
      runAfterResponse(async () => {
        await r.run();
      });
      return json(r.job, 202);
    } catch (error) {
      if (error instanceof AppError && error.code.startsWith('import_')) return importRefusal(error);
      throw error;
    }
  },
});
