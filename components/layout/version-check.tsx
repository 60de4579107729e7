'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { APP_VERSION } from '@/lib/version';

/** The prompt (Radix Dialog) is code-split: fetched only when a new version is found. */
const VersionPrompt = lazy(() => import('./version-prompt').then((m) => ({ default: m.VersionPrompt })));

/**
 * New-version prompt: every `intervalMs` milliseconds fetches
 * `GET /version.json?ts=<epoch ms>` (`{ "version": string }`) and, when the version differs from
 * the built-in APP_VERSION, asks to reload (reloads the page) or cancel (no further prompt for
 * that version). Failed checks are ignored. The dialog's code loads only when it is needed.
 */
export function VersionCheck({ intervalMs }: { intervalMs: number }) {
  const [newVersion, setNewVersion] = useState<string | null>(null);
  const dismissed = useRef<string | null>(null);

  useEffect(() => {
    if (!Number.isFinite(intervalMs) || intervalMs <= 0) return;
    let active = true;
    const check = async () => {
      try {
        const response = await fetch(`/version.json?ts=${Date.now()}`, { cache: 'no-store' });
        if (!response.ok) return;
        const body: unknown = await response.json();
        const version =
          typeof body === 'object' && body !== null && 'version' in body
            ? String((body as { version: unknown }).version)
            : null;
        if (active && version && version !== APP_VERSION && version !== dismissed.current) setNewVersion(version);
      } catch {
        // Offline or server restarting: try again at the next interval.
      }
    };
    const timer = window.setInterval(check, intervalMs);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [intervalMs]);

  const cancel = () => {
    dismissed.current = newVersion;
    setNewVersion(null);
  };

  if (newVersion === null) return null;
  return (
    <Suspense fallback={null}>
      <VersionPrompt open onCancel={cancel} />
    </Suspense>
  );
}
