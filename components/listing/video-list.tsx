import { VideoPlayer } from '@/components/media/video-player';
import { FallbackImage } from '@/components/ui/fallback-image';
import type { VideoDto } from '@/lib/data/types';
import { Link } from '@/lib/i18n/navigation';
import { parseServiceId, youtubeEmbedUrl, youtubeWatchUrl } from '@/lib/validation/youtube';

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
              <VideoPlayer embedUrl={youtubeEmbedUrl(video)} title={title}>
                <a
                  href={youtubeWatchUrl(video)}
                  className="group relative block"
                  aria-label={playLabel(title)}
                  data-testid="video-play"
                >
                  {/* YouTube's thumbnail, from YouTube's image host; an empty frame when it cannot be loaded. */}
                  <FallbackImage
                    src={v.thumbnail_url}
                    alt=""
                    className="aspect-video w-full bg-paper object-cover"
                    fallback={<span aria-hidden="true" className="block aspect-video w-full bg-paper" />}
                  />
                  <span
                    aria-hidden="true"
                    className={
                      'absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-black/70 text-3xl ' +
                      'text-white group-hover:bg-accent group-focus-visible:bg-accent'
                    }
                  >
                    ▶
                  </span>
                </a>
              </VideoPlayer>
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
