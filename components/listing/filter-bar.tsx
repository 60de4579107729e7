import { Link } from '@/lib/i18n/navigation';

export type FilterOption = { label: string; href: string; active: boolean };
export type FilterGroup = { id: string; label: string; options: FilterOption[] };

/**
 * Listing filters as plain links a crawler can follow (no JavaScript needed): one row of links
 * per group (scrolling sideways on phones), the active option marked with aria-current. Hrefs
 * are canonical, unprefixed. Not prefetched: each option is a dynamic listing, and a page holds
 * dozens of them.
 */
export function FilterBar({ label, groups }: { label: string; groups: FilterGroup[] }) {
  return (
    <nav
      aria-label={label}
      className="mb-6 space-y-2 rounded-lg border border-line bg-panel p-3 text-sm"
      data-testid="filters"
    >
      {groups.map((group) => (
        <div
          key={group.id}
          className="flex items-baseline gap-x-1 gap-y-1 overflow-x-auto whitespace-nowrap sm:flex-wrap sm:overflow-visible sm:whitespace-normal"
          data-testid={`filter-${group.id}`}
        >
          <span className="sticky left-0 mr-1 min-w-28 shrink-0 bg-panel font-semibold text-muted">{group.label}</span>
          {group.options.map((o) => (
            <Link
              key={o.href + o.label}
              href={o.href}
              prefetch={false}
              aria-current={o.active ? 'true' : undefined}
              className={
                o.active
                  ? 'shrink-0 rounded-full bg-accent px-2.5 py-0.5 font-medium text-white'
                  : 'shrink-0 rounded-full px-2.5 py-0.5 hover:bg-accent-soft hover:text-accent-strong'
              }
            >
              {o.label}
            </Link>
          ))}
        </div>
      ))}
    </nav>
  );
}
