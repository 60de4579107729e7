import { FallbackImage } from '@/components/ui/fallback-image';
import { Link } from '@/lib/i18n/navigation';
import type { BuyingLinkDto, PictureDto } from '@/lib/data/types';

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
