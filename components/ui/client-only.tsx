'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * What a part loaded after the page shows until its code has arrived: "Loading…" in the page's
 * language, as a status that screen readers announce. `className` adds spacing.
 */
export function LoadingNote({ className = '' }: { className?: string }) {
  const t = useTranslations('common');
  return (
    <p role="status" className={`text-sm text-muted ${className}`}>
      {t('loading')}
    </p>
  );
}

/**
 * A component whose code loads in the browser after the page (what `next/dynamic` with
 * `ssr: false` does, without its runtime, which would cost every page using it about 3 KB of
 * first-load JavaScript): renders `fallback` (default nothing) on the server and until `load`
 * has resolved, then the loaded component with the same props. For member-only parts of pages
 * that visitors never need (forms, editors, dialogs). A failed load keeps the fallback.
 */
export function clientOnly<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  function ClientOnly(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
    useEffect(() => {
      let live = true;
      load().then(
        (c) => live && setLoaded(() => c),
        () => {},
      );
      return () => {
        live = false;
      };
    }, []);
    return Loaded ? <Loaded {...props} /> : fallback;
  }
  return ClientOnly;
}
