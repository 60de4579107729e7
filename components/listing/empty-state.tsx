import type { ReactNode } from 'react';

/** Translated empty state of a list or subpage: a heading ('No results' etc.) and an optional hint. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      className="rounded-lg border border-dashed border-line bg-panel px-5 py-8 text-center"
      data-testid="empty-state"
      role="status"
    >
      <p className="text-lg font-semibold">{title}</p>
      {children ? <div className="mt-2 text-muted">{children}</div> : null}
    </div>
  );
}
