import { Link } from '@/lib/i18n/navigation';

export type FilterOption = { label: string; href: string; active: boolean };
export type FilterGroup = { id: string; label: string; options: FilterOption[] };

/** A group's options: one scrolling line on phones (edge shadows over the panel's white), wrapped wider. */
const OPTIONS = [
  'scroll-shadow-x flex min-w-0 items-baseline gap-1 overflow-x-auto whitespace-nowrap [--scroll-shadow-cover:var(--color-panel)]',
  'sm:flex-wrap sm:overflow-visible sm:whitespace-normal',
].join(' ');

/**
 * Listing filters as plain links a crawler can follow (no JavaScript needed): one row of links
 * per group, the active option marked with aria-current. On phones a row's options scroll
 * sideways beside its label, with a shadow at an edge where options are hidden, and the row opens
 * scrolled to its active option (`scroll-initial-target`, CSS only: browsers without it open at
 * the first option). Wider, rows wrap and the property is off: on a row that does not scroll it
 * would scroll the page itself to the option. Hrefs are canonical, unprefixed. Not prefetched:
 * each option is a dynamic listing, and a page holds dozens of them.
 */
export function FilterBar({ label, groups }: { label: string; groups: FilterGroup[] }) {
  return (
    <nav
      aria-label={label}
      className="mb-6 space-y-2 rounded-lg border border-line bg-panel p-3 text-sm"
      data-testid="filters"
    >
      {groups.map((group) => (
        <div key={group.id} className="flex items-baseline gap-x-1" data-testid={`filter-${group.id}`}>
          <span className="mr-1 min-w-28 shrink-0 font-semibold text-muted">{group.label}</span>
          <div className={OPTIONS}>
            {group.options.map((o) => (
              <Link
                key={o.href + o.label}
                href={o.href}
                prefetch={false}
                aria-current={o.active ? 'true' : undefined}
                className={
                  o.active
                    ? 'shrink-0 rounded-full bg-accent px-2.5 py-0.5 font-medium text-white max-sm:[scroll-initial-target:nearest]'
                    : 'shrink-0 rounded-full px-2.5 py-0.5 hover:bg-accent-soft hover:text-accent-strong'
                }
              >
                {o.label}
              </Link>
            ))}
          </div>
        </div>
      ))}
    </nav>
  );
}
