'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { queueSnackbar } from '@/components/ui/snackbar';
import { fillPlaceholders } from '@/lib/format';
import { useRouter } from '@/lib/i18n/navigation';

/** How often the page asks for the job's progress (milliseconds). */
const POLL_MS = 1000;

/** What the progress endpoint answers (lib/data/collection-import.ts ImportJob, the fields used here). */
export type ImportProgressState = {
  status: 'queued' | 'running' | 'done' | 'failed';
  rows_done: number;
  rows_total: number;
  error: 'interrupted' | 'collectionGone' | 'unexpected' | null;
  counts?: Record<string, number> | null;
};

/** Texts of the progress view, translated by the page (`{done}`, `{total}` and the counts filled in here). */
export type ImportProgressTexts = {
  label: string;
  queued: string;
  running: string;
  saving: string;
  /** After the job: "{added} added, {ambiguous} to pick, {unmatched} not matched" (snackbar). */
  done: string;
  failed: Record<'interrupted' | 'collectionGone' | 'unexpected', string>;
};

/**
 * The progress of a running import job: a progress bar of the rows matched and a line saying
 * where the job is, refreshed every second from `GET /api/collections/{id}/imports/{import}/progress`.
 * When the job is done the page is rendered again from the server (which then shows the report)
 * with the counts in the snackbar; when it failed, the reason is shown. A failed poll (offline,
 * server restarting) is tried again; a 401 or 404 (logged out, the collection deleted) ends it.
 */
export function ImportProgress({
  collectionId,
  importId,
  initial,
  texts,
}: {
  collectionId: string;
  importId: string;
  initial: ImportProgressState;
  texts: ImportProgressTexts;
}) {
  const router = useRouter();
  const locale = useLocale();
  const [job, setJob] = useState(initial);
  /** The job is no longer the caller's to follow (logged out, deleted): polling stops. */
  const [gone, setGone] = useState(false);

  useEffect(() => {
    if (gone || job.status === 'done' || job.status === 'failed') return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/collections/${collectionId}/imports/${importId}/progress`, {
          credentials: 'same-origin',
          cache: 'no-store',
        });
        if (cancelled) return;
        if (res.status === 401 || res.status === 404) return setGone(true);
        if (!res.ok) return setJob((j) => ({ ...j }));
        const next = (await res.json()) as ImportProgressState;
        if (cancelled) return;
        if (next.status === 'done') {
          queueSnackbar(fillPlaceholders(texts.done, next.counts ?? {}, locale));
          router.refresh();
        }
        setJob(next);
      } catch {
        if (!cancelled) setJob((j) => ({ ...j }));
      }
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [job, gone, collectionId, importId, texts.done, locale, router]);

  if (job.status === 'failed')
    return (
      <p role="alert" className="text-accent-strong" data-testid="import-failed">
        {texts.failed[job.error ?? 'unexpected']}
      </p>
    );
  const total = Math.max(job.rows_total, 1);
  const line =
    job.status === 'queued'
      ? texts.queued
      : job.rows_done >= job.rows_total || job.status === 'done'
        ? texts.saving
        : fillPlaceholders(texts.running, { done: job.rows_done, total: job.rows_total }, locale);
  return (
    <div className="flex max-w-xl flex-col gap-2" data-testid="import-progress" data-status={job.status}>
      <progress
        className="h-3 w-full accent-accent"
        max={total}
        value={job.status === 'queued' ? undefined : Math.min(job.rows_done, total)}
        aria-label={texts.label}
      />
      <p className="text-sm" role="status">
        {line}
      </p>
    </div>
  );
}
