import type { ReactNode } from 'react';

/**
 * An item page's facts as a two-column definition list (labels left, values right) in a panel.
 * The value column may shrink below its longest word, so long unbroken values (source record
 * ids, URLs, codes) wrap (the page's `overflow-wrap: anywhere`) instead of widening the page on a
 * phone; a long label (Finnish compounds such as "Pakkaustyyppi") is hyphenated or wrapped
 * within its column.
 */
export function FactList({
  testId,
  wideLabels = false,
  children,
}: {
  testId: string;
  /** A wider label column from the small breakpoint on (10rem instead of 9rem). */
  wideLabels?: boolean;
  children: ReactNode;
}) {
  return (
    <dl
      className={`grid grid-cols-[minmax(6rem,38%)_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-lg border border-line bg-panel p-4 ${
        wideLabels
          ? 'sm:grid-cols-[minmax(10rem,auto)_minmax(0,1fr)]'
          : 'sm:grid-cols-[minmax(9rem,auto)_minmax(0,1fr)]'
      }`}
      data-testid={testId}
    >
      {children}
    </dl>
  );
}

/** One fact of a {@link FactList}: `field` names it for tests (`data-field`). */
export function FactRow({ label, field, children }: { label: string; field: string; children: ReactNode }) {
  return (
    <div className="contents" data-field={field}>
      <dt className="font-medium hyphens-auto text-muted">{label}</dt>
      <dd className="whitespace-pre-line">{children}</dd>
    </div>
  );
}
