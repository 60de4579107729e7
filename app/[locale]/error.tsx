'use client';

import { useEffect } from 'react';
import { ErrorView } from '@/components/layout/error-view';

/** The 500 page inside the app shell: spec text, retry (re-fetches the segment), digest. */
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest =
    typeof error === 'object' && error !== null && 'digest' in error
      ? String((error as { digest: unknown }).digest)
      : undefined;
  return <ErrorView digest={digest} onRetry={retry} />;
}
