import 'server-only';
/**
 * Detail parts shared by the movie, release and person pages: censorship events, pictures,
 * videos and buying links matching a condition.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { youtubeThumbnailUrl } from '@/lib/validation/youtube';
import { queryRows } from './sql';
import type { CensorshipEventDto, PictureDto, VideoDto, BuyingLinkDto } from './types';

// ---------- shared detail parts ----------

type CensorshipRow = Omit<CensorshipEventDto, 'release' | 'local_titles'> & {
  local_titles: string[] | null;
  release_public_id: string | null;
  release_name: string | null;
};

/** Censorship events matching `where` (over `censorship_events ce`), oldest first, with their release ref. */
export async function censorshipEvents(db: Db, where: SQL): Promise<CensorshipEventDto[]> {
  const rows = await queryRows<CensorshipRow>(
    db,
    sql`SELECT ce.source_id, ce.country, ce.event, ce.date, ce.date_precision, ce.medium, ce.authority, ce.rating, ce.cut_seconds,
               ce.cut_seconds_approx, ce.details, ce.local_titles, ce.source_url, ce.confidence, ce.notes,
               r.public_id AS release_public_id, r.name AS release_name
        FROM censorship_events ce LEFT JOIN releases r ON r.id = ce.release_id AND r.approved
        WHERE ${where}
        ORDER BY ce.date NULLS LAST, ce.source_id`,
  );
  return rows.map(({ release_public_id, release_name, local_titles, ...e }) => ({
    ...e,
    local_titles: local_titles ?? [],
    release: release_public_id && release_name ? { public_id: release_public_id, name: release_name } : null,
  }));
}

/** Path prefix of uploaded pictures (`pictures.filename`), served by the app. */
export const UPLOADED_PICTURE_PREFIX = '/media/';

/** Pictures matching `where` (over `pictures p`), default first. */
export async function picturesWhere(db: Db, where: SQL): Promise<PictureDto[]> {
  const rows = await queryRows<{
    public_id: string;
    type: number;
    external_url: string | null;
    filename: string | null;
    source: string | null;
    is_default: boolean;
  }>(
    db,
    sql`SELECT p.public_id, p.type, p.external_url, p.filename, p.source, p.is_default FROM pictures p
        WHERE ${where} AND (p.external_url IS NOT NULL OR p.filename IS NOT NULL) ORDER BY p.is_default DESC, p.type, p.id`,
  );
  return rows.map((p) => ({
    public_id: p.public_id,
    type: p.type,
    url: p.external_url ?? `${UPLOADED_PICTURE_PREFIX}${p.filename}`,
    source: p.source,
    is_default: p.is_default,
  }));
}

/** Videos matching `where` (over `videos v`), oldest first. */
export async function videosWhere(db: Db, where: SQL): Promise<VideoDto[]> {
  const rows = await queryRows<{ public_id: string; youtube_id: string; type: number; chapter: string | null }>(
    db,
    sql`SELECT v.public_id, v.youtube_id, v.type, v.chapter FROM videos v WHERE ${where} ORDER BY v.type, v.id`,
  );
  return rows.map((v) => ({ ...v, thumbnail_url: youtubeThumbnailUrl(v.youtube_id.split('?')[0] ?? '') }));
}

/** Buying links matching `where` (over `buying_links b`). */
export async function buyingLinksWhere(db: Db, where: SQL): Promise<BuyingLinkDto[]> {
  return queryRows<{ url: string; shop: string }>(
    db,
    sql`SELECT b.url, b.shop FROM buying_links b WHERE ${where} ORDER BY b.shop, b.id`,
  );
}
