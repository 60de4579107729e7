import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { ImportProgress, type ImportProgressState } from '@/components/collections/import-progress';

const refresh = vi.fn();
const queueSnackbar = vi.fn();
vi.mock('@/lib/i18n/navigation', () => ({ useRouter: () => ({ refresh }) }));
vi.mock('@/components/ui/snackbar', () => ({ queueSnackbar: (text: string) => queueSnackbar(text) }));

const job = en.collectionImport.job;
const TEXTS = {
  label: job.progressLabel,
  queued: job.queued,
  running: job.running,
  saving: job.saving,
  done: en.collectionImport.done,
  failed: job.failed,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  refresh.mockReset();
  queueSnackbar.mockReset();
});

/** Renders the progress of a job, the endpoint answering `answers` one after the other (the last one repeated). */
function renderProgress(initial: ImportProgressState, answers: (ImportProgressState | number)[]) {
  let n = 0;
  const fetchMock = vi.fn(async () => {
    const a = answers[Math.min(n++, answers.length - 1)];
    return typeof a === 'number' ? Response.json({ error: 'x' }, { status: a }) : Response.json(a);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <ImportProgress collectionId="colShelf01" importId="impJob00001" initial={initial} texts={TEXTS} />
    </NextIntlClientProvider>,
  );
  return fetchMock;
}

const running = (done: number): ImportProgressState => ({
  status: 'running',
  rows_done: done,
  rows_total: 320,
  error: null,
  counts: null,
});

describe('ImportProgress', () => {
  it('shows the rows matched, follows the job, and renders the page again with the counts when it is done', async () => {
    const fetchMock = renderProgress(running(25), [
      running(150),
      {
        status: 'done',
        rows_done: 320,
        rows_total: 320,
        error: null,
        counts: { added: 300, ambiguous: 5, unmatched: 15 },
      },
    ]);
    const bar = screen.getByRole('progressbar', { name: job.progressLabel }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([25, 320]);
    expect(screen.getByRole('status').textContent).toBe('Matching rows: 25 of 320');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Matching rows: 150 of 320'), {
      timeout: 3000,
    });
    await waitFor(() => expect(refresh).toHaveBeenCalled(), { timeout: 3000 });
    expect(queueSnackbar).toHaveBeenCalledWith('Imported: 300 added, 5 to pick, 15 not matched.');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/collections/colShelf01/imports/impJob00001/progress',
      expect.anything(),
    );
  });

  it('says why a job stopped, and stops following one that is gone', async () => {
    renderProgress(running(50), [{ status: 'failed', rows_done: 50, rows_total: 320, error: 'interrupted' }]);
    await waitFor(() => expect(screen.getByTestId('import-failed').textContent).toBe(job.failed.interrupted), {
      timeout: 3000,
    });
    expect(refresh).not.toHaveBeenCalled();
    cleanup();
    const fetchMock = renderProgress(running(50), [404]);
    await new Promise((r) => setTimeout(r, 2500));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
