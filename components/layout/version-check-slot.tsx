'use client';

import { useEffect, useState, type ComponentType } from 'react';

type Props = { intervalMs: number };

/**
 * Where the layout runs the new-version check: its code loads after the page (the first check is
 * due only after `intervalMs`, 30 minutes), so it is not first-load JavaScript.
 */
export function VersionCheckSlot({ intervalMs }: Props) {
  const [Check, setCheck] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    void import('./version-check').then((m) => setCheck(() => m.VersionCheck));
  }, []);
  return Check ? <Check intervalMs={intervalMs} /> : null;
}
