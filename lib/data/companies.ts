import 'server-only';
/**
 * Production companies: listing, one company, its titles. `movie_count` is a live count.
 * Data source: tables production_companies, movie_production_companies, movies.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { parseSearchQuery } from '@/lib/search-query';
import { keysetRows, pageOf, type KeysetSort, type Paging } from './keyset';
import { queryRows, resolveDb, textConditions } from './sql';
import { titlePage, titleSort } from './movies';
import type { CompanyListItem, Page, TitleListItem } from './types';

/** Default page size of the company listing. */
export const COMPANY_PAGE_SIZE = 48;

/** Companies sort by folded name, then id. */
export const COMPANY_SORT: KeysetSort = { name: 'name', expr: sql`pc.name_key`, cast: 'text', dir: 'asc' };

/** Production companies have no source row of their own: source_id is null. */
const COMPANY_COLUMNS = sql`pc.id, pc.public_id, NULL::text AS source_id, pc.name, pc.country,
  (SELECT count(*) FROM movie_production_companies mpc JOIN movies m ON m.id = mpc.movie_id AND m.deleted_at IS NULL
    WHERE mpc.company_id = pc.id)::int AS movie_count`;

type CompanyRow = CompanyListItem & { id: number; sk?: string | null };

function toItem(c: CompanyRow): CompanyListItem {
  return {
    public_id: c.public_id,
    source_id: c.source_id,
    name: c.name,
    country: c.country,
    movie_count: c.movie_count,
  };
}

/**
 * One page of production companies by name; `q` matches names case-, accent- and punctuation-insensitively.
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listProductionCompanies(
  query: { q?: string | null },
  page: Paging = {},
  db?: Db,
): Promise<Page<CompanyListItem>> {
  const { cursor = null, limit = COMPANY_PAGE_SIZE } = page;
  const d = await resolveDb(db);
  const rows = await keysetRows<CompanyRow & { sk: string | null }>(d, {
    columns: COMPANY_COLUMNS,
    from: sql`production_companies pc`,
    conds: textConditions(parseSearchQuery(query.q), sql`pc.search_text`, sql`pc.name_key`),
    sort: COMPANY_SORT,
    idCol: sql`pc.id`,
    cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: COMPANY_SORT }, toItem);
}

/** One production company. @returns null when no company has this public id */
export async function getProductionCompany(publicId: string, db?: Db): Promise<CompanyListItem | null> {
  const d = await resolveDb(db);
  const [c] = await queryRows<CompanyRow>(
    d,
    sql`SELECT ${COMPANY_COLUMNS} FROM production_companies pc WHERE pc.public_id = ${publicId}`,
  );
  return c ? toItem(c) : null;
}

/**
 * One page of the company's titles, newest year first.
 * @returns null when no company has this public id
 * @throws AppError bad_cursor (HTTP 400)
 */
export async function listCompanyTitles(
  publicId: string,
  page: Paging = {},
  db?: Db,
): Promise<Page<TitleListItem> | null> {
  const { cursor = null, limit = 24 } = page;
  const d = await resolveDb(db);
  const [c] = await queryRows<{ id: number }>(
    d,
    sql`SELECT id FROM production_companies WHERE public_id = ${publicId}`,
  );
  if (!c) return null;
  const conds = [
    sql`m.deleted_at IS NULL`,
    sql`EXISTS (SELECT 1 FROM movie_production_companies mpc WHERE mpc.movie_id = m.id AND mpc.company_id = ${c.id})`,
  ];
  return titlePage(d, { conds, sort: titleSort('year_desc') }, { cursor, limit });
}
