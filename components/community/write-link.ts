/** Classes of the accent "Write a review" / "Start a discussion" links above community lists. */
export const WRITE_LINK_CLASS =
  'mb-4 inline-flex min-h-10 items-center rounded-lg bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong';
