import { requireWriter } from '@/lib/auth/request';
import { removeEntry, updateEntry } from '@/lib/data/collections';
import { withApiErrors } from '@/lib/errors';
import { json, jsonBody, notFound } from '../../../../_lib/http';
import { revalidateEntryItem } from '../../../../_lib/entries';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ publicId: string; entryId: string }> };

function entryId(raw: string): number | null {
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * PATCH /api/collections/{public_id}/entries/{entry_id}: saves an entry's fields (as POST …/entries).
 * 200 CollectionEntryDto; 400 `{ error, fields }`; 404 for another user's entry.
 */
export const PATCH = withApiErrors(async (request: Request, context: Context) => {
  const actor = await requireWriter(request);
  const id = entryId((await context.params).entryId);
  if (id === null) return notFound();
  const r = await updateEntry(actor, id, (await jsonBody(request)) as Parameters<typeof updateEntry>[2]);
  if (!r.ok && r.errors._form === 'notFound') return notFound();
  if (r.ok) revalidateEntryItem(r.entry);
  return r.ok ? json(r.entry) : json({ error: 'invalid', fields: r.errors }, 400);
});

/** DELETE /api/collections/{public_id}/entries/{entry_id}: removes the entry. 200 `{ ok: true }`; 404 for another user's. */
export const DELETE = withApiErrors(async (request: Request, context: Context) => {
  const actor = await requireWriter(request);
  const id = entryId((await context.params).entryId);
  if (id === null) return notFound();
  return (await removeEntry(actor, id)) ? json({ ok: true }) : notFound();
});
