import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { VersionCheck } from '@/components/layout/version-check';
import { APP_VERSION, VERSION_CHECK_INTERVAL_MS } from '@/lib/version';

/** A version the server reports after a deployment: never the client's own. */
const NEWER = `${APP_VERSION}-next`;

let served = APP_VERSION;
let fetchMock: ReturnType<typeof vi.fn>;
/** The body reads of every answered check, so a test can wait until the component has compared. */
let reads: Promise<unknown>[] = [];

function versionResponse(version: string, status = 200): Response {
  const res = new Response(JSON.stringify({ version }), { status });
  const json = res.json.bind(res);
  res.json = () => {
    const read = json();
    reads.push(read);
    return read;
  };
  return res;
}

function renderCheck(intervalMs = 1000) {
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <VersionCheck intervalMs={intervalMs} />
    </NextIntlClientProvider>,
  );
}

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Runs one interval and waits until that check's answer has been read and compared and React has
 * rendered the outcome (the prompt's lazily loaded module is already loaded, see beforeAll), so
 * the dialog is present or absent right after it, with no waiting.
 */
async function checkOnce() {
  const before = fetchMock.mock.results.length;
  await tick(1000);
  expect(fetchMock.mock.results.length).toBe(before + 1);
  await act(async () => {
    await Promise.allSettled([fetchMock.mock.results.at(-1)?.value]);
    await Promise.allSettled(reads);
  });
  await act(async () => {
    await Promise.resolve();
  });
}

beforeAll(async () => {
  // The prompt is code-split; loading it once here lets React render it as soon as it is asked for.
  await import('@/components/layout/version-prompt');
});

beforeEach(() => {
  // Only intervals are faked, so promises and testing-library's own timeouts stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  served = APP_VERSION;
  reads = [];
  fetchMock = vi.fn(async () => versionResponse(served));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VersionCheck', () => {
  it('checks every 30 minutes by default (1800000 ms)', () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(1_800_000);
  });

  it('polls /version.json?ts=<now> each interval', async () => {
    renderCheck(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    await tick(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/^\/version\.json\?ts=\d+$/);
    await tick(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("the server reporting the client's own version: no prompt", async () => {
    renderCheck(1000);
    await checkOnce();
    await checkOnce();
    expect(reads).toHaveLength(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the server reporting a newer version: the prompt, as soon as that check has been answered', async () => {
    renderCheck(1000);
    served = NEWER;
    await checkOnce();
    expect(screen.queryByRole('alertdialog', { name: 'A new version is available' })).not.toBeNull();
  });

  it('prompts on a new version; cancel closes and does not prompt again for it', async () => {
    renderCheck(1000);
    served = NEWER;
    await tick(1000);
    const prompt = await screen.findByRole('alertdialog', { name: 'A new version is available' });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(prompt.isConnected).toBe(false);
    await tick(1000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    served = 'yet-another-version';
    await tick(1000);
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
  });

  it('reloads the page when asked to', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderCheck(1000);
    served = NEWER;
    await tick(1000);
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores failed checks (offline, an error status) and prompts at the next good one', async () => {
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    fetchMock.mockImplementationOnce(async () => versionResponse(NEWER, 503));
    renderCheck(1000);
    served = NEWER;
    await checkOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await checkOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await checkOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
  });
});
