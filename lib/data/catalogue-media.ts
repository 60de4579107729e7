import 'server-only';
/**
 * Detail parts shared by the movie, release and person pages: censorship events, pictures,
 * videos and buying links matching a condition.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { externalImageSrcSet, externalImageUrl, isExternalImagePath } from '@/lib/external-images';
import { uploadedPictureSrcSet, uploadedPictureUrl } from '@/lib/picture-urls';
import { affiliateUrl } from '@/lib/validation/shopping-links';
import { serviceVideoId, youtubeThumbnailUrl } from '@/lib/validation/youtube';
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

/** A picture row's address and srcset: an upload's sizes, the external film database's widths, or an external address as it is. */
export function pictureSources(p: {
  filename: string | null;
  variant: string | null;
  external_filename: string | null;
  external_url: string | null;
}): { url: string; srcset: string | null } | null {
  if (p.filename)
    return {
      url: uploadedPictureUrl(p.filename, 'lg', p.variant),
      srcset: uploadedPictureSrcSet(p.filename, p.variant),
    };
  if (p.external_filename && isExternalImagePath(p.external_filename))
    return { url: externalImageUrl(p.external_filename, 'lg'), srcset: externalImageSrcSet(p.external_filename) };
  if (p.external_url) return { url: p.external_url, srcset: null };
  return null;
}

/** Approved pictures matching `where` (over `pictures p`), not deleted, default first. */
export async function picturesWhere(db: Db, where: SQL): Promise<PictureDto[]> {
  const rows = await queryRows<{
    public_id: string;
    type: number;
    external_url: string | null;
    external_filename: string | null;
    filename: string | null;
    variant: string | null;
    source: string | null;
    is_default: boolean;
  }>(
    db,
    sql`SELECT p.public_id, p.type, p.external_url, p.external_filename, p.filename, p.variant, p.source, p.is_default FROM pictures p
        WHERE ${where} AND p.approved AND p.deleted_at IS NULL
          AND (p.external_url IS NOT NULL OR p.filename IS NOT NULL OR p.external_filename IS NOT NULL)
        ORDER BY p.is_default DESC, p.type, p.id`,
  );
  return rows.flatMap((p) => {
    const sources = pictureSources(p);
    return sources
      ? [{ public_id: p.public_id, type: p.type, ...sources, source: p.source, is_default: p.is_default }]
      : [];
  });
}

/** Approved videos matching `where` (over `videos v`), not deleted, by type and age. */
export async function videosWhere(db: Db, where: SQL): Promise<VideoDto[]> {
  const rows = await queryRows<{ public_id: string; youtube_id: string; type: number; chapter: string | null }>(
    db,
    sql`SELECT v.public_id, v.youtube_id, v.type, v.chapter FROM videos v WHERE ${where} AND v.approved AND v.deleted_at IS NULL ORDER BY v.type, v.id`,
  );
  return rows.map((v) => ({ ...v, thumbnail_url: youtubeThumbnailUrl(serviceVideoId(v.youtube_id)) }));
}

/**
 * Approved buying links matching `where` (over `buying_links b`), not deleted, by shop: the
 * address with the shop's affiliate parameter (lib/validation/shopping-links.ts) and the shop's name.
 */
export async function buyingLinksWhere(db: Db, where: SQL): Promise<BuyingLinkDto[]> {
  const rows = await queryRows<{ public_id: string; url: string; shop: string }>(
    db,
    sql`SELECT b.public_id, b.url, b.shop FROM buying_links b WHERE ${where} AND b.approved AND b.deleted_at IS NULL
        ORDER BY b.shop, b.id`,
  );
  return rows.map((b) => ({ public_id: b.public_id, url: affiliateUrl(b.url), shop: b.shop }));
}
