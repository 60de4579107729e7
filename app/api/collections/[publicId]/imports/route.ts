import { actorFromRequest, requireWriter } from '@/lib/auth/request';
import { decodeImportFile, parseImportFile } from '@/lib/collections/import-parse';
import { importIntoCollection, listImports } from '@/lib/data/collection-import';
import { AppError, APP_ERRORS, withApiErrors } from '@/lib/errors';
import { IMPORT_MAX_BYTES } from '@/lib/validation/collection-limits';
import { isPublicId, json, notFound } from '../../../_lib/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ publicId: string }> };

const IMPORT_ERRORS = { tooManyRows: 'import_too_many_rows', letterboxdNeedsMovies: 'import_letterboxd_movies', emptyFile: 'import_empty' } as const;

/**
 * GET /api/collections/{public_id}/imports: the caller's last 50 imports into their collection,
 * newest first: `{ items: [{ public_id, file_name, created_at, counts }] }` (counts: rows,
 * matched, added, already, ambiguous, unmatched, unknown_barcodes). 401 for a visitor; 404 for a
 * collection that is not the caller's. Data: lib/data/collection-import.ts listImports.
 */
export const GET = withApiErrors(async (request: Request, context: Context) => {
  const actor = await actorFromRequest(request);
  if (!actor) throw new AppError('unauthorized');
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  const items = await listImports(actor, publicId);
  return items ? json({ items }) : notFound();
});

/**
 * POST /api/collections/{public_id}/imports: imports a file into the caller's collection.
 * Body: multipart/form-data with `file` (CSV, JSON, JSON Lines or a Letterboxd export; UTF-8,
 * UTF-16 with BOM or Windows-1252; at most 5 MB and 5,000 rows). 201 with the stored report
 * (lib/data/collection-import.ts ImportReport: every row with status, reason and the matched item
 * or candidates). 400 `{ error }` for no file, a file over 5 MB, not text, no rows, too many rows,
 * a Letterboxd export into a releases collection; 401 / 403 as every write; 404 for a collection
 * that is not the caller's.
 */
export const POST = withApiErrors(async (request: Request, context: Context) => {
  try {
    return await upload(request, context);
  } catch (error) {
    // The import page translates its own refusals: they also carry their message key and parameters.
    if (!(error instanceof AppError) || !error.code.startsWith('import_')) throw error;
    return json({ error: error.message, key: APP_ERRORS[error.code].key, params: error.params }, error.status);
  }
});

async function upload(request: Request, context: Context): Promise<Response> {
  const actor = await requireWriter(request);
  const { publicId } = await context.params;
  if (!isPublicId(publicId)) return notFound();
  const size = Number(request.headers.get('content-length') ?? 0);
  if (size > IMPORT_MAX_BYTES + 64 * 1024) throw new AppError('import_too_large', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError('import_no_file');
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new AppError('import_no_file');
  if (file.size > IMPORT_MAX_BYTES) throw new AppError('import_too_large', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
  const text = decodeImportFile(new Uint8Array(await file.arrayBuffer()));
  if (text === null) throw new AppError('import_not_text');
  const fileName = file.name || 'import.csv';
  const r = await importIntoCollection(actor, publicId, fileName, parseImportFile(fileName, text));
  if (!r.ok) {
    if (r.error === 'notFound') return notFound();
    throw new AppError(IMPORT_ERRORS[r.error], r.params);
  }
  return json(r.report, 201);
}
