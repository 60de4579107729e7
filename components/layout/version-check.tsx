'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { APP_VERSION } from '@/lib/version';

/**
 * New-version prompt (spec §4/§7): every `intervalMs` milliseconds fetches
 * `GET /version.json?ts=<epoch ms>` (`{ "version": string }`) and, when the version differs from
 * the built-in APP_VERSION, asks to reload (reloads the page) or cancel (no further prompt for
 * that version). Failed checks are ignored.
 */
export function VersionCheck({ intervalMs }: { intervalMs: number }) {
  const t = useTranslations('version');
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
        const version = typeof body === 'object' && body !== null && 'version' in body ? String((body as { version: unknown }).version) : null;
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

  return (
    <Dialog
      open={newVersion !== null}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      title={t('title')}
      description={t('body')}
      size="sm"
      role="alertdialog"
    >
      <div className="flex justify-end gap-2" data-testid="version-prompt">
        <Button variant="secondary" onClick={cancel}>
          {t('cancel')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
      </div>
    </Dialog>
  );
}
