import 'server-only';
/**
 * The unknown discs of a collection import, as the report offers them for suggesting as new
 * releases (lib/data/change-requests.ts suggestUnknownDiscs sends them): each row whose barcode no
 * release had, once per barcode, with the release fields prefilled from the row (its title as the
 * name, the movie the title matched, the format, the barcode, the label the file names when the
 * catalogue has a label of that name, and the year when it can be the disc's) and the state of the
 * member's suggestion of that barcode, so a disc is not suggested twice.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { deriveLabel } from '@/lib/derived-columns';
import type { ChangeState } from '@/lib/validation/catalogue-fields';
import type { FormatId } from '@/lib/validation/enums';
import { getImportReport, yearMayBeDiscYear, type ImportRowOutcome } from './collection-import';
import { inList, queryRows, resolveDb } from './sql';

/** A movie or label as the disc form shows it: public id and name (a movie with its year). */
export type PickedItem = { public_id: string; name: string; year?: number | null };

/** The member's latest suggestion of a disc's barcode as a new release. */
export type DiscSuggestionState = {
  /** Public id of the change request. */
  request: string;
  status: ChangeState;
  /** The suggested release's public id while it exists (pending or approved). */
  release: string | null;
  /** An admin's reason for a discarded suggestion. */
  discard_reason: string | null;
};

/** One unknown disc of an import report, prefilled for the suggestion form. */
export type UnknownDisc = {
  /** The report line it comes from (the first, when the file repeats the barcode). */
  line: number;
  /** The barcode as a canonical EAN-13. */
  ean: string;
  /** The row's title as the file wrote it. */
  title: string | null;
  /** The release fields prefilled from the row (what the member reviews). */
  prefill: {
    name: string;
    format: FormatId | null;
    /** The row's year when it can be the disc's (not a film's year before the format existed). */
    release_year: number | null;
    movie: PickedItem | null;
    label: PickedItem | null;
  };
  /** The label as the file names it, when the catalogue has no label of that name. */
  label_text: string | null;
  /** The member's latest suggestion of this barcode, or null: pending or approved ones are not sent again. */
  suggestion: DiscSuggestionState | null;
};

/** The unknown discs of one import: whether they can be suggested (a releases collection) and the discs. */
export type UnknownDiscs = { can_suggest: boolean; discs: UnknownDisc[] };

/** Whether a report row is an unknown disc: a valid barcode no release had, and no item picked for it since. */
function isUnknownDisc(row: ImportRowOutcome): row is ImportRowOutcome & { ean13: string } {
  return row.barcode_status === 'unknown' && row.ean13 !== null && row.status !== 'matched';
}

/** The movie the row's title matched: the linked movie, else a lone movie candidate. */
function movieOf(row: ImportRowOutcome): PickedItem | null {
  const m = row.movie ?? (row.candidates.length === 1 && row.candidates[0].type === 'movie' ? row.candidates[0] : null);
  return m ? { public_id: m.public_id, name: m.name, year: m.year } : null;
}

/**
 * The unknown discs of one of the actor's imports into their collection, prefilled, with the
 * state of the actor's suggestion of each barcode.
 * @returns the discs, or null for no such done import of the actor (another user's, another
 *   collection's, or one still running)
 */
export async function listUnknownDiscs(
  actor: Actor,
  ref: { collection: string; importId: string },
  db?: Db,
): Promise<UnknownDiscs | null> {
  const d = await resolveDb(db);
  const report = await getImportReport(actor, ref, d);
  if (!report) return null;
  const rows = new Map<string, ImportRowOutcome & { ean13: string }>();
  for (const row of report.rows) if (isUnknownDisc(row) && !rows.has(row.ean13)) rows.set(row.ean13, row);
  const eans = [...rows.keys()];
  if (!eans.length) return { can_suggest: report.collection.category === 'releases', discs: [] };
  const keys = [
    ...new Set([...rows.values()].flatMap((r) => (r.label ? [deriveLabel({ name: r.label }).nameKey] : []))),
  ];
  const labels = keys.length
    ? await queryRows<{ public_id: string; name: string; name_key: string }>(
        d,
        sql`SELECT public_id, name, name_key FROM labels WHERE ${inList(sql`name_key`, keys)} AND deleted_at IS NULL`,
      )
    : [];
  const labelByKey = new Map(labels.map((l) => [l.name_key, { public_id: l.public_id, name: l.name }]));
  const eanOf = sql`(q.changes -> 'ean' ->> 'after')`;
  const states = await queryRows<DiscSuggestionState & { ean: string }>(
    d,
    sql`SELECT DISTINCT ON (${eanOf}) ${eanOf} AS ean, q.public_id AS request, q.status, r.public_id AS release, q.discard_reason
        FROM change_requests q LEFT JOIN releases r ON r.id = q.entity_id
        WHERE q.user_id = ${actor.userId} AND q.entity_type = 'release' AND q.kind = 'new' AND ${inList(eanOf, eans)}
        ORDER BY ${eanOf}, q.created_at DESC, q.id DESC`,
  );
  const stateOf = new Map(states.map(({ ean, ...s }) => [ean, s]));
  const discs = [...rows.values()].map((row): UnknownDisc => {
    const label = row.label ? (labelByKey.get(deriveLabel({ name: row.label }).nameKey) ?? null) : null;
    return {
      line: row.line,
      ean: row.ean13,
      title: row.title,
      prefill: {
        name: row.title ?? '',
        format: row.format,
        release_year: yearMayBeDiscYear(row, 'releases') ? row.year : null,
        movie: movieOf(row),
        label,
      },
      label_text: label ? null : (row.label ?? null),
      suggestion: stateOf.get(row.ean13) ?? null,
    };
  });
  return { can_suggest: report.collection.category === 'releases', discs };
}
