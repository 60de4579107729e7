'use client';

import { useEffect } from 'react';

/**
 * Keyboard flow of the admin queue: `j` / `k` focus the next / previous suggestion
 * (`[data-change-request]`, scrolled into view), `a` approves the focused one, `d` opens its
 * discard reason. Keys typed into a field are left alone. Renders nothing.
 */
export function QueueKeyboard() {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [contenteditable]')) return;
      const items = [...document.querySelectorAll<HTMLElement>('[data-change-request]')];
      if (!items.length) return;
      const current = items.findIndex((el) => el.contains(document.activeElement));
      if (e.key === 'j' || e.key === 'k') {
        const next = e.key === 'j' ? Math.min(items.length - 1, current + 1) : Math.max(0, current - 1);
        items[next].focus();
        items[next].scrollIntoView({ block: 'nearest' });
        e.preventDefault();
      } else if ((e.key === 'a' || e.key === 'd') && current >= 0) {
        const button = items[current].querySelector<HTMLButtonElement>(
          `[data-action="${e.key === 'a' ? 'approve' : 'discard'}"]`,
        );
        if (button && !button.disabled) {
          e.preventDefault();
          button.click();
          if (e.key === 'd')
            requestAnimationFrame(() => items[current].querySelector<HTMLElement>('[data-reason]')?.focus());
        }
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return null;
}
