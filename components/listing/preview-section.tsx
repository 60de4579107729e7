import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';

/**
 * A section previewing the first items of a list (the home page's releases, reviews and
 * discussions; a profile's reviews): its heading (element id `id`, which labels the section and
 * is its test id), a "See all" link to the full list, and the preview below.
 */
export function PreviewSection({
  id,
  title,
  seeAll,
  href,
  children,
}: {
  /** The heading's element id, unique on the page (`home-reviews`). */
  id: string;
  title: string;
  /** The "See all" link's text. */
  seeAll: string;
  /** The full list's path (without locale). */
  href: string;
  children: ReactNode;
}) {
  return (
    <section className="mb-10" aria-labelledby={id} data-testid={id}>
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        <Link href={href} className="shrink-0 text-sm font-medium whitespace-nowrap text-accent-strong underline">
          {seeAll}
        </Link>
      </div>
      {children}
    </section>
  );
}
