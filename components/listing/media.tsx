import { VideoPlayer } from '@/components/media/video-player';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Link } from '@/lib/i18n/navigation';
import { parseServiceId, youtubeEmbedUrl, youtubeWatchUrl } from '@/lib/validation/youtube';
import type { BuyingLinkDto, PictureDto, VideoDto } from '@/lib/data/types';

/**
 * Grid of pictures (cover scans, posters) with their type names as alt text and, when `editLabel`
 * is given, a link to each picture's edit page (`/photo/{id}/edit`); a picture that cannot be
 * loaded leaves an empty frame.
 */
export function PictureGrid({
  pictures,
  typeName,
  alt,
  editLabel,
}: {
  pictures: PictureDto[];
  typeName: (type: number) => string;
  alt: string;
  editLabel?: string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="pictures">
      {pictures.map((p) => (
        <li key={p.public_id} className="overflow-hidden rounded-lg border border-line bg-panel">
          {/* User and external images are served as files, never through the Next image optimizer. */}
          <FallbackImage
            src={p.url}
            srcSet={p.srcset ?? undefined}
            sizes="(min-width: 1024px) 22vw, (min-width: 640px) 30vw, 45vw"
            alt={`${alt} – ${typeName(p.type)}`}
            className="aspect-[3/4] w-full object-cover"
            fallback={<span aria-hidden="true" className="block aspect-[3/4] w-full bg-paper" />}
          />
          <p className="flex justify-between gap-2 px-2 py-1 text-xs text-muted">
            <span>{typeName(p.type)}</span>
            {editLabel ? (
              <Link href={`/photo/${p.public_id}/edit`} className="underline">
                {editLabel}
              </Link>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * YouTube videos as thumbnails with a play button (components/media/video-player.tsx: the player
 * loads only on a press, so no third-party script or cookie reaches anyone who does not play), each
 * titled by its type and chapter, with a link to its edit page when `editLabel` is given.
 */
export function VideoList({
  videos,
  typeName,
  playLabel,
  editLabel,
}: {
  videos: VideoDto[];
  typeName: (type: number) => string;
  playLabel: (title: string) => string;
  editLabel?: string;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="videos">
      {videos.map((v) => {
        const title = v.chapter ? `${typeName(v.type)}: ${v.chapter}` : typeName(v.type);
        const video = parseServiceId(v.youtube_id);
        return (
          <li key={v.public_id} className="overflow-hidden rounded-lg border border-line bg-panel">
            {video ? (
              <VideoPlayer
                embedUrl={youtubeEmbedUrl(video)}
                watchUrl={youtubeWatchUrl(video)}
                thumbnailUrl={v.thumbnail_url}
                title={title}
                playLabel={playLabel(title)}
              />
            ) : null}
            <p className="flex justify-between gap-2 px-3 py-2">
              <span className="font-medium">{title}</span>
              {editLabel ? (
                <Link href={`/video/${v.public_id}/edit`} className="text-sm text-muted underline">
                  {editLabel}
                </Link>
              ) : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Shop links (affiliate links are marked sponsored). */
export function BuyingLinks({ links, linkLabel }: { links: BuyingLinkDto[]; linkLabel: (shop: string) => string }) {
  return (
    <ul className="space-y-2" data-testid="buying-links">
      {links.map((l) => (
        <li key={l.public_id}>
          <a href={l.url} rel="sponsored noopener" target="_blank" className="font-medium text-accent-strong underline">
            {linkLabel(l.shop)}
          </a>
        </li>
      ))}
    </ul>
  );
}
