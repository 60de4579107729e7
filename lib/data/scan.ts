import 'server-only';
/**
 * Scanning at the shop: the releases that carry a barcode, with the member's own lists holding
 * each, and a member's whole barcode list (every release with a barcode in any of their
 * collections) for the phone's offline copy (components/scan). Data: `releases.ean` (canonical
 * EAN-13, lib/barcode.ts), `collections` and `collection_entries`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import { canReadOwnBarcodes } from '@/lib/auth/policies';
import { normalizeBarcode } from '@/lib/barcode';
import { AppError } from '@/lib/errors';
import { TOGGLES } from '@/lib/validation/toggles';
import { RELEASE_LIST_COLUMNS, toReleaseListItem, type ReleaseListRow } from './catalogue-rows';
import { inList, queryRows, resolveDb } from './sql';
import type { MemberBarcodes, ScanList } from '@/lib/scan/offline';
import type { ReleaseListItem } from './types';

/** Most collection entries read for one member's offline barcode list (a collector's lists rarely hold more). */
export const MEMBER_BARCODES_MAX = 50_000;

/**
 * The member's side of a scanned release: whether HAVE and WANTED are on (the release is in the
 * shortcut lists of style 3 and 4) and every collection of theirs holding it.
 */
export type ScanMine = { have: boolean; wanted: boolean; lists: ScanList[] };

/** A release found by its barcode, and for a member their lists holding it (null for visitors). */
export type ScanRelease = ReleaseListItem & { mine: ScanMine | null };

/** The answer to a scanned or typed barcode: its canonical EAN-13 and the approved releases carrying it (often none, rarely two). */
export type BarcodeLookup = { ean: string; releases: ScanRelease[] };

type ListRow = {
  release_id: number;
  user_id: number;
  public_id: string;
  name: string;
  style: number;
  shortcut_default: boolean;
};

/**
 * The list rows the member may read: the SQL already keeps to their own collections, and every
 * row is checked against its owner as well, so a wrong query alone leaks no one else's list.
 */
function ownRows<T extends Pick<ListRow, 'user_id'>>(actor: Actor, rows: readonly T[]): T[] {
  return rows.filter((row) => canReadOwnBarcodes(actor, Number(row.user_id)));
}

/** The member's not-deleted collections holding each of the given releases, by release id. */
async function listsHolding(d: Db, actor: Actor, releaseIds: readonly number[]): Promise<Map<number, ListRow[]>> {
  const byRelease = new Map<number, ListRow[]>();
  if (!releaseIds.length) return byRelease;
  const rows = await queryRows<ListRow>(
    d,
    sql`SELECT e.release_id, c.user_id, c.public_id, c.name, c.style, c.shortcut_default
          FROM collection_entries e JOIN collections c ON c.id = e.collection_id
         WHERE c.user_id = ${actor.userId} AND c.deleted_at IS NULL AND ${inList(sql`e.release_id`, releaseIds)}
         ORDER BY c.style, c.name, c.id`,
  );
  for (const row of ownRows(actor, rows)) {
    const id = Number(row.release_id);
    byRelease.set(id, [...(byRelease.get(id) ?? []), row]);
  }
  return byRelease;
}

/** The member's side of a release from the lists holding it. */
function mineOf(rows: readonly ListRow[]): ScanMine {
  const shortcut = (style: number) => rows.some((l) => l.shortcut_default && Number(l.style) === style);
  return {
    have: shortcut(TOGGLES.have.style),
    wanted: shortcut(TOGGLES.wanted.style),
    lists: rows.map((l) => ({ public_id: l.public_id, name: l.name, style: Number(l.style) })),
  };
}

/**
 * The approved releases carrying a barcode (EAN-13, UPC-A or an 11-digit UPC-A: all read as one
 * EAN-13), each with the viewer's lists holding it when the viewer is a member (`mine`, null for
 * visitors). An unknown barcode answers `releases: []`.
 * @throws AppError `barcode_format` or `barcode_check_digit` (HTTP 400) for a code that is no barcode
 */
export async function lookupBarcode(viewer: Actor | null, code: string, db?: Db): Promise<BarcodeLookup> {
  const ean = normalizeBarcode(code);
  const d = await resolveDb(db);
  const rows = await queryRows<ReleaseListRow>(
    d,
    sql`SELECT ${RELEASE_LIST_COLUMNS} FROM releases r LEFT JOIN labels l ON l.id = r.label_id
         WHERE r.ean = ${ean} AND r.approved AND r.deleted_at IS NULL
         ORDER BY r.release_year DESC NULLS LAST, r.id LIMIT 20`,
  );
  // The viewer's own lists only (private ones included): nobody learns another member's.
  const lists = viewer
    ? await listsHolding(
        d,
        viewer,
        rows.map((r) => Number(r.id)),
      )
    : null;
  return {
    ean,
    releases: rows.map((r) => ({
      ...toReleaseListItem(r),
      mine: lists ? mineOf(lists.get(Number(r.id)) ?? []) : null,
    })),
  };
}

/**
 * A member's own barcode list for the phone's offline copy: every approved release with a barcode
 * in any of their collections not in the trash, with HAVE / WANTED and the lists holding it, most
 * recently catalogued first (at most {@link MEMBER_BARCODES_MAX} collection entries are read). `user`
 * is the member's public id, so the phone never answers one member's scan from another's list.
 * @throws AppError unauthorized for a visitor
 */
export async function memberBarcodes(actor: Actor | null, db?: Db): Promise<MemberBarcodes> {
  if (!actor) throw new AppError('unauthorized');
  const d = await resolveDb(db);
  const rows = await queryRows<
    ListRow & {
      ean: string;
      release_public_id: string;
      release_name: string;
      format: number;
      country: number | null;
      release_year: number | null;
    }
  >(
    d,
    sql`SELECT r.id AS release_id, r.ean, r.public_id AS release_public_id, r.name AS release_name, r.format,
               r.country, r.release_year, c.user_id, c.public_id, c.name, c.style, c.shortcut_default
          FROM collection_entries e
          JOIN collections c ON c.id = e.collection_id
          JOIN releases r ON r.id = e.release_id
         WHERE c.user_id = ${actor.userId} AND c.deleted_at IS NULL
           AND r.ean IS NOT NULL AND r.approved AND r.deleted_at IS NULL
         ORDER BY r.id DESC, c.style, c.name, c.id
         LIMIT ${MEMBER_BARCODES_MAX}`,
  );
  const byRelease = new Map<number, { first: (typeof rows)[number]; lists: ListRow[] }>();
  for (const row of ownRows(actor, rows)) {
    const id = Number(row.release_id);
    const seen = byRelease.get(id);
    if (seen) seen.lists.push(row);
    else byRelease.set(id, { first: row, lists: [row] });
  }
  return {
    user: actor.publicId,
    read_at: new Date().toISOString(),
    releases: [...byRelease.values()].map(({ first: r, lists }) => ({
      ean: r.ean,
      public_id: r.release_public_id,
      name: r.release_name,
      format: Number(r.format),
      country: r.country === null ? null : Number(r.country),
      release_year: r.release_year === null ? null : Number(r.release_year),
      ...mineOf(lists),
    })),
  };
}
