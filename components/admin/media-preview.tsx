import { FallbackImage } from '@/components/ui/fallback-image';
import type { MediaPreview } from '@/lib/data/change-requests';
import { Link } from '@/lib/i18n/navigation';
import { parseServiceId, youtubeWatchUrl } from '@/lib/validation/youtube';

/**
 * What an admin judges a picture, video or shopping link by in the queue: its movie or release
 * (a link to the item's page), and the picture itself, the video's thumbnail (a link to watch it on
 * YouTube) or the shop address. Server component.
 */
export function MediaPreviewBox({
  media,
  labels,
}: {
  media: MediaPreview;
  /** `item`: the item kind's name ("Release"); `play`: the video link's label. */
  labels: { item: string; play: string };
}) {
  const video = media.video ? parseServiceId(media.video.youtube_id) : null;
  return (
    <div className="mb-3 flex flex-wrap items-start gap-3" data-testid="media-preview">
      {media.picture ? (
        <a href={media.picture.url} target="_blank" rel="noopener" className="block w-32 shrink-0">
          {/* An upload is served as a file, never through the Next image optimizer. */}
          <FallbackImage
            src={media.picture.url}
            alt=""
            className="max-h-48 w-32 rounded border border-line object-contain"
            fallback={<span aria-hidden="true" className="block h-40 w-32 bg-paper" />}
          />
        </a>
      ) : null}
      {media.video && video ? (
        <a
          href={youtubeWatchUrl(video)}
          target="_blank"
          rel="noopener"
          className="block w-48 shrink-0"
          aria-label={labels.play}
        >
          <FallbackImage
            src={media.video.thumbnail_url}
            alt=""
            className="aspect-video w-48 rounded border border-line object-cover"
            fallback={<span aria-hidden="true" className="block aspect-video w-48 bg-paper" />}
          />
        </a>
      ) : null}
      <div className="min-w-0 text-sm">
        <p>
          <span className="font-medium">{labels.item}:</span>{' '}
          <Link href={`/${media.item.type}/${media.item.public_id}`} className="underline">
            {media.item.name}
          </Link>
        </p>
        {media.link ? (
          <p className="break-all">
            {media.link.shop}:{' '}
            <a href={media.link.url} target="_blank" rel="noopener noreferrer" className="underline">
              {media.link.url}
            </a>
          </p>
        ) : null}
      </div>
    </div>
  );
}
