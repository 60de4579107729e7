import { Link } from '@/lib/i18n/navigation';

/**
 * Tabs linking the subpages of a release, movie or person (`/release/{id}/photos` …) as plain
 * links; the current one has aria-current="page". A strip wider than the screen scrolls sideways,
 * with a shadow at an edge where tabs are hidden, and opens scrolled to the current tab
 * (`scroll-initial-target`, CSS only: browsers without it open at the first tab).
 */
export function SubpageTabs({
  label,
  base,
  tabs,
  current,
}: {
  label: string;
  base: string;
  tabs: { id: string; label: string }[];
  current: string;
}) {
  return (
    <nav
      aria-label={label}
      className="scroll-shadow-x -mx-1 mb-6 overflow-x-auto border-b border-line"
      data-testid="subpage-tabs"
    >
      <ul className="flex min-w-max gap-1 px-1">
        {tabs.map((tab) => {
          const href = tab.id === 'overview' ? base : `${base}/${tab.id}`;
          const active = tab.id === current;
          const tone = active
            ? 'border-accent text-accent-strong [scroll-initial-target:nearest]'
            : 'border-transparent text-muted hover:text-ink';
          return (
            <li key={tab.id}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${tone}`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
