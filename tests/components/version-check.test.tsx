import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { VersionCheck } from '@/components/layout/version-check';
import { APP_VERSION, VERSION_CHECK_INTERVAL_MS } from '@/lib/version';

let served = APP_VERSION;
let fetchMock: ReturnType<typeof vi.fn>;

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

beforeEach(() => {
  // Only intervals are faked, so promises and testing-library's own timeouts stay real.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  served = APP_VERSION;
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ version: served }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('VersionCheck', () => {
  it('checks every 30 minutes by default (spec §9: 1800000 ms)', () => {
    expect(VERSION_CHECK_INTERVAL_MS).toBe(1_800_000);
  });

  it('polls /version.json?ts=<now> each interval and stays quiet while the version matches', async () => {
    renderCheck(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    await tick(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/^\/version\.json\?ts=\d+$/);
    await tick(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('prompts on a new version; cancel closes and does not prompt again for it', async () => {
    renderCheck(1000);
    served = 'other-version';
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
    served = 'other-version';
    await tick(1000);
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores failed checks', async () => {
    fetchMock.mockRejectedValueOnce(new Error('offline'));
    renderCheck(1000);
    await tick(1000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
