import type { ReactNode } from 'react';

/** Page title (h1) with an optional lead text and extra content below it. */
export function PageHeading({ title, lead, children }: { title: string; lead?: string | null; children?: ReactNode }) {
  return (
    <header className="mb-5">
      <h1 className="text-2xl font-bold leading-tight sm:text-3xl">{title}</h1>
      {lead ? <p className="mt-1 max-w-3xl text-muted">{lead}</p> : null}
      {children}
    </header>
  );
}
