import 'server-only';
/**
 * Home-video labels: listing, the labels view (every label with its release count), one label.
 * Release counts are live counts of approved releases. Data source: tables labels, label_groups, releases.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { parseSearchQuery } from '@/lib/search-query';
import { FORMAT_GROUPS, type FormatGroup } from '@/lib/validation/enums';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { listingTextConditions, pageWithCloseMatches } from './search-words';
import { queryRows, resolveDb } from './sql';
import type { LabelDetail, LabelFormatCount, LabelListItem, SearchPage } from './types';

/** Default page size of the label listing. */
export const LABEL_PAGE_SIZE = 48;

/** Labels sort by folded name, then id. */
export const LABEL_SORT: KeysetSort = { name: 'name', expr: sql`l.name_key`, cast: 'text', dir: 'asc' };

/**
 * Columns of a label list item over `labels l`; release_count is the stored count of approved
 * releases (kept by the importer and catalogue edits), so no count runs per page view.
 * Labels have no source row of their own (a label is a name in the release files): source_id is null.
 */
export const LABEL_COLUMNS = sql`l.id, l.public_id, NULL::text AS source_id, l.name, l.country, l.release_count`;

type LabelRow = Omit<LabelListItem, 'source_id'> & { id: number; source_id: string | null; sk?: string | null };

function toItem(l: LabelRow): LabelListItem {
  return {
    public_id: l.public_id,
    source_id: l.source_id,
    name: l.name,
    country: l.country,
    release_count: l.release_count,
  };
}

/**
 * One page of labels by name; `q` matches names case-, accent- and punctuation-insensitively;
 * when its words find fewer than CLOSE_MATCH_FEW_RESULTS labels, close spellings are searched
 * too and the page carries `close` (lib/data/search-words.ts pageWithCloseMatches).
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listLabels(
  query: { q?: string | null },
  page: Paging = {},
  db?: Db,
): Promise<SearchPage<LabelListItem>> {
  const { cursor = null, limit = LABEL_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const q = parseSearchQuery(query.q);
  return pageWithCloseMatches(d, { q, sort: LABEL_SORT, cursor }, async (close, sort) => {
    const rows = await keysetRows<LabelRow & { sk: string | null }>(d, {
      columns: LABEL_COLUMNS,
      from: sql`labels l`,
      conds: [
        sql`l.deleted_at IS NULL`,
        ...listingTextConditions(q, close, {
          from: sql`labels l`,
          idCol: sql`l.id`,
          searchCol: sql`l.search_text`,
          keyCol: sql`l.name_key`,
        }),
      ],
      sort,
      idCol: sql`l.id`,
      cursor,
      limit,
    });
    return pageOf(rows, { limit, sort }, toItem);
  });
}

/** Every label that has at least one approved release, by name, with its release count (labels page and menu). */
export async function listLabelsView(db?: Db): Promise<LabelListItem[]> {
  const d = await resolveDb(db);
  const rows = await queryRows<LabelRow>(
    d,
    sql`SELECT * FROM (SELECT ${LABEL_COLUMNS}, l.name_key FROM labels l WHERE l.deleted_at IS NULL) x WHERE x.release_count > 0 ORDER BY x.name_key, x.id`,
  );
  return rows.map(toItem);
}

/**
 * Whether any approved release of the label (by public id) has a spine number: the label page
 * then offers its releases in spine order. One probe of the (label_id, spine_number, id) index.
 */
export async function labelHasSpineNumbers(publicId: string, db?: Db): Promise<boolean> {
  const d = await resolveDb(db);
  const [r] = await queryRows<{ numbered: boolean }>(
    d,
    sql`SELECT EXISTS (SELECT 1 FROM labels l JOIN releases r ON r.label_id = l.id
          WHERE l.public_id = ${publicId} AND r.spine_number IS NOT NULL AND r.approved) AS numbered`,
  );
  return Boolean(r?.numbered);
}

/**
 * The label's approved releases counted per format group, in FORMAT_GROUPS order (4K UHD,
 * Blu-ray, DVD, videotapes), groups without releases left out; empty for an unknown label.
 * One pass over the label's releases (index on `label_id`); the label page is cached.
 */
export async function labelFormatCounts(publicId: string, db?: Db): Promise<LabelFormatCount[]> {
  const d = await resolveDb(db);
  const rows = await queryRows<{ format: number; n: number }>(
    d,
    sql`SELECT r.format, count(*)::int AS n FROM labels l JOIN releases r ON r.label_id = l.id
        WHERE l.public_id = ${publicId} AND r.approved GROUP BY r.format`,
  );
  return (Object.entries(FORMAT_GROUPS) as [FormatGroup, readonly number[]][]).flatMap(([group, formats]) => {
    const count = rows.filter((r) => formats.includes(Number(r.format))).reduce((t, r) => t + Number(r.n), 0);
    return count ? [{ group, count }] : [];
  });
}

/**
 * One label with its label groups (series) and its releases counted per format group
 * ({@link labelFormatCounts}). Its releases: `listReleases({ label: publicId })`.
 * @returns null when no label has this public id
 */
export async function getLabel(publicId: string, db?: Db): Promise<LabelDetail | null> {
  const d = await resolveDb(db);
  const [l] = await queryRows<LabelRow>(
    d,
    sql`SELECT ${LABEL_COLUMNS} FROM labels l WHERE l.public_id = ${publicId} AND l.deleted_at IS NULL`,
  );
  if (!l) return null;
  const groups = await queryRows<{ name: string }>(
    d,
    sql`SELECT name FROM label_groups WHERE label_id = ${l.id} ORDER BY name`,
  );
  return { ...toItem(l), label_groups: groups.map((g) => g.name), format_counts: await labelFormatCounts(publicId, d) };
}
