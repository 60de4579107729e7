import { FallbackImage } from '@/components/ui/fallback-image';
import type { BuyingLinkDto, PictureDto, VideoDto } from '@/lib/data/types';

/** Grid of pictures (cover scans, posters) with their type names as alt text; a picture that cannot be loaded leaves an empty frame. */
export function PictureGrid({
  pictures,
  typeName,
  alt,
}: {
  pictures: PictureDto[];
  typeName: (type: number) => string;
  alt: string;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="pictures">
      {pictures.map((p) => (
        <li key={p.public_id} className="overflow-hidden rounded-lg border border-line bg-panel">
          {/* User and external images are served as files, never through the Next image optimizer. */}
          <FallbackImage
            src={p.url}
            alt={`${alt} – ${typeName(p.type)}`}
            className="aspect-[3/4] w-full object-cover"
            fallback={<span aria-hidden="true" className="block aspect-[3/4] w-full bg-paper" />}
          />
          <p className="px-2 py-1 text-xs text-muted">{typeName(p.type)}</p>
        </li>
      ))}
    </ul>
  );
}

/** List of YouTube videos as links with thumbnails (no embedded player, no third-party cookies); a thumbnail that cannot be loaded leaves an empty frame. */
export function VideoList({
  videos,
  typeName,
  linkLabel,
}: {
  videos: VideoDto[];
  typeName: (type: number) => string;
  linkLabel: (title: string) => string;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="videos">
      {videos.map((v) => {
        const title = v.chapter ? `${typeName(v.type)}: ${v.chapter}` : typeName(v.type);
        return (
          <li key={v.public_id} className="overflow-hidden rounded-lg border border-line bg-panel">
            <a
              href={`https://www.youtube.com/watch?v=${encodeURIComponent(v.youtube_id)}`}
              rel="noopener"
              target="_blank"
              aria-label={linkLabel(title)}
            >
              <FallbackImage
                src={v.thumbnail_url}
                alt=""
                className="aspect-video w-full object-cover"
                fallback={<span aria-hidden="true" className="block aspect-video w-full bg-paper" />}
              />
              <span className="block px-3 py-2 font-medium">{title}</span>
            </a>
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
        <li key={l.url}>
          <a href={l.url} rel="sponsored noopener" target="_blank" className="font-medium text-accent-strong underline">
            {linkLabel(l.shop)}
          </a>
        </li>
      ))}
    </ul>
  );
}
