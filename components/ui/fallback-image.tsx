'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * An external image (cover, poster, thumbnail) that shows `fallback` instead of the browser's
 * broken-image icon when it cannot be loaded (host unreachable, 404, blocked). Served as a plain
 * `<img>`: external and user images never go through the Next image optimizer. An image that
 * failed before hydration (no onError listener yet) is caught on mount (`complete` with no pixels).
 * No data and no message keys of its own.
 */
export function FallbackImage({
  src,
  srcSet,
  sizes,
  alt,
  className,
  fallback,
  loading = 'lazy',
}: {
  src: string;
  /** Responsive candidates (`url 500w, …`) and the layout widths they are chosen by. */
  srcSet?: string;
  sizes?: string;
  /** Alternative text; '' for a decorative image whose meaning is in the text next to it. */
  alt: string;
  className?: string;
  /** Rendered in place of the image after a load failure. */
  fallback: ReactNode;
  loading?: 'lazy' | 'eager';
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  if (failedSrc === src) return <>{fallback}</>;
  return (
    // External poster and cover URLs from the catalogue sources: next/image would proxy them through the server.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      ref={ref}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={loading}
      decoding="async"
      className={className}
      onError={() => setFailedSrc(src)}
    />
  );
}
