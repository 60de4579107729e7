import 'server-only';
/**
 * A member's catalogue contributions as their profile shows them: the approved changes (revisions
 * authored by the member that came from a change request or an admin's own edit), newest first,
 * and the score: the member's points and how the approved contributions earned them. Public:
 * approved contributions are part of the catalogue's history. A member's pending, discarded and
 * withdrawn requests are theirs only (lib/data/change-requests.ts listChangeRequests).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import type { FieldChanges } from '@/db/schema/changes';
import type { RevisionKind } from '@/lib/validation/catalogue-fields';
import type { ChangeEntity } from '@/lib/validation/changes';
import { keysetRows, pageOf, type KeyedRow, type KeysetSort, type Paging } from './keyset';
import { queryRows, resolveDb } from './sql';

/** One approved contribution: the entity (its public id and current name), the kind, the fields, the points. */
export type ContributionItem = {
  entity: ChangeEntity;
  /**
   * Null when the entity is gone (merged away or deleted). A picture's, video's or shopping
   * link's are its movie's or release's (`item_type`), which the contribution is shown under.
   */
  public_id: string | null;
  name: string | null;
  /** A picture's, video's or shopping link's item kind; null for catalogue entities. */
  item_type: 'movie' | 'release' | null;
  kind: RevisionKind;
  /** The field names it changed. */
  fields: string[];
  /** The points it earned; 0 once it is reverted (`undone`). */
  points: number;
  /** Whether a revert of it stands: its points were taken back. */
  undone: boolean;
  /** ISO timestamp. */
  created_at: string;
};

/** Points by kind of contribution (`create` of each entity, `edit`, …) with how many there are. */
export type ScoreLine = { kind: RevisionKind; entity: ChangeEntity; count: number; points: number };

const SORT: KeysetSort = { name: 'newest', expr: sql`r.id`, cast: 'int', dir: 'desc' };

/**
 * Revisions that count as a member's contribution: approved through a request, or an admin's own
 * edit; a creation, an edit, a deletion, or the merge a deletion of a movie into another made (the
 * survivor's 'merge' revision, which holds the points).
 */
const CONTRIBUTION = sql`(r.kind IN ('create', 'edit', 'delete') OR (r.kind = 'merge' AND r.points > 0))
  AND r.approved_by_id IS NOT NULL`;

/**
 * A member's approved contributions, newest first, 24 a page (keyset on the revision id).
 * @returns null for an unknown member
 * @throws AppError bad_cursor
 */
export async function listContributions(
  userPublicId: string,
  page: Paging = {},
  db?: Db,
): Promise<{ items: ContributionItem[]; next_cursor: string | null } | null> {
  const d = await resolveDb(db);
  const [user] = await queryRows<{ id: number }>(d, sql`SELECT id FROM users WHERE public_id = ${userPublicId}`);
  if (!user) return null;
  const limit = page.limit ?? 24;
  const rows = await keysetRows<
    KeyedRow & {
      entity_type: ChangeEntity;
      kind: RevisionKind;
      changes: FieldChanges | string;
      item_type: 'movie' | 'release' | null;
      points: number;
      undone: boolean;
      created_at: string;
      public_id: string | null;
      name: string | null;
    }
  >(d, {
    columns: sql`r.id, r.entity_type, r.kind, r.changes, r.points, r.undone, to_json(r.created_at)#>>'{}' AS created_at,
      e.public_id, e.name, e.item_type`,
    from: sql`revisions r LEFT JOIN LATERAL (
        SELECT public_id, name, NULL::text AS item_type FROM movies WHERE r.entity_type = 'movie' AND id = r.entity_id AND deleted_at IS NULL
        UNION ALL SELECT public_id, name, NULL FROM releases WHERE r.entity_type = 'release' AND id = r.entity_id AND approved
        UNION ALL SELECT public_id, name, NULL FROM persons WHERE r.entity_type = 'person' AND id = r.entity_id AND deleted_at IS NULL
        UNION ALL SELECT public_id, name, NULL FROM labels WHERE r.entity_type = 'label' AND id = r.entity_id AND deleted_at IS NULL
        UNION ALL SELECT coalesce(mv.public_id, rl.public_id), coalesce(mv.name, rl.name),
                         CASE WHEN m.movie_id IS NULL THEN 'release' ELSE 'movie' END
          FROM (SELECT movie_id, release_id FROM pictures WHERE r.entity_type = 'picture' AND id = r.entity_id AND deleted_at IS NULL
                UNION ALL SELECT movie_id, release_id FROM videos WHERE r.entity_type = 'video' AND id = r.entity_id AND deleted_at IS NULL
                UNION ALL SELECT movie_id, release_id FROM buying_links
                  WHERE r.entity_type = 'shopping_link' AND id = r.entity_id AND deleted_at IS NULL) m
          LEFT JOIN movies mv ON mv.id = m.movie_id LEFT JOIN releases rl ON rl.id = m.release_id) e ON TRUE`,
    conds: [sql`r.user_id = ${user.id}`, CONTRIBUTION],
    sort: SORT,
    idCol: sql`r.id`,
    cursor: page.cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: SORT }, (r) => ({
    entity: r.entity_type,
    public_id: r.public_id,
    name: r.name,
    item_type: r.item_type ?? null,
    kind: r.kind,
    fields: Object.keys(typeof r.changes === 'string' ? (JSON.parse(r.changes) as FieldChanges) : r.changes),
    points: r.undone ? 0 : Number(r.points),
    undone: Boolean(r.undone),
    created_at: r.created_at,
  }));
}

/**
 * A member's score: the points (users.points) and the approved contributions that stand (not
 * reverted) by kind and entity with the points each group earned.
 * @returns null for an unknown member
 */
export async function contributionScore(
  userPublicId: string,
  db?: Db,
): Promise<{ points: number; lines: ScoreLine[] } | null> {
  const d = await resolveDb(db);
  const [user] = await queryRows<{ id: number; points: number }>(
    d,
    sql`SELECT id, points FROM users WHERE public_id = ${userPublicId}`,
  );
  if (!user) return null;
  const lines = await queryRows<{ kind: RevisionKind; entity_type: ChangeEntity; count: number; points: number }>(
    d,
    sql`SELECT r.kind, r.entity_type, count(*)::int AS count, sum(r.points)::int AS points
        FROM revisions r WHERE r.user_id = ${user.id} AND ${CONTRIBUTION} AND NOT r.undone
        GROUP BY r.kind, r.entity_type ORDER BY sum(r.points) DESC, r.kind, r.entity_type`,
  );
  return {
    points: Number(user.points),
    lines: lines.map((l) => ({
      kind: l.kind,
      entity: l.entity_type,
      count: Number(l.count),
      points: Number(l.points),
    })),
  };
}
