import { buttonClass } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';
import { MAX_QUERY_LENGTH } from '@/lib/validation/listing';

/** A filter link: its key, href (unprefixed, with the filter's query) and label. */
export type FilterLink<F extends string> = { key: F; href: string; label: string };

/** A filter's href with the search words `q` kept. Pure. */
export function withQuery(href: string, q: string | null): string {
  if (!q) return href;
  return `${href}${href.includes('?') ? '&' : '?'}q=${encodeURIComponent(q)}`;
}

/**
 * Filter links and a search box of a community list (/reviews, /posts): server-rendered, a plain
 * GET form (no script) that keeps the current filter's parameters as hidden fields.
 */
export function ListFilters<F extends string>({
  filters,
  current,
  q,
  labels,
  testIdPrefix,
}: {
  filters: FilterLink<F>[];
  current: F;
  q: string | null;
  labels: { nav: string; searchLabel: string; search: string };
  testIdPrefix: string;
}) {
  const active = filters.find((f) => f.key === current);
  const hidden = [...new URLSearchParams(active?.href.split('?')[1] ?? '')];
  const inputId = `${testIdPrefix}-q`;
  return (
    <div className="mb-4 flex flex-col gap-3">
      <nav className="flex flex-wrap gap-2" aria-label={labels.nav}>
        {filters.map((f) => (
          <Link
            key={f.key}
            href={withQuery(f.href, q)}
            aria-current={f.key === current ? 'page' : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${f.key === current ? 'border-accent bg-accent text-white' : 'border-line hover:border-accent'}`}
            data-testid={`${testIdPrefix}-${f.key}`}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <form role="search" method="get" className="flex max-w-md gap-2">
        {hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={inputId} className="sr-only">
          {labels.searchLabel}
        </label>
        <input
          id={inputId}
          name="q"
          type="search"
          defaultValue={q ?? ''}
          placeholder={labels.searchLabel}
          maxLength={MAX_QUERY_LENGTH}
          className="min-h-10 min-w-0 flex-1 rounded-lg border border-line bg-panel px-3"
        />
        <button type="submit" className={buttonClass('secondary')}>
          {labels.search}
        </button>
      </form>
    </div>
  );
}
