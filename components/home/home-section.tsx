import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';

/**
 * One section of the home page: its heading (`home-{id}` labels the section), a "See all" link to
 * the full listing, and the preview below.
 */
export function HomeSection({
  id,
  title,
  seeAll,
  href,
  children,
}: {
  id: string;
  title: string;
  /** The "See all" link's text. */
  seeAll: string;
  /** The full listing's path (without locale). */
  href: string;
  children: ReactNode;
}) {
  return (
    <section className="mb-10" aria-labelledby={`home-${id}`} data-testid={`home-${id}`}>
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id={`home-${id}`} className="text-xl font-bold">
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
