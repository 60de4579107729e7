'use client';

import { useEffect, useState } from 'react';

/** How long a snackbar message stays, in milliseconds: 5 seconds. */
export const SNACKBAR_MS = 5000;

const EVENT = 'discshelf:snackbar';
const STORAGE_KEY = 'discshelf:snackbar';

/** Shows a confirmation message in the snackbar now. */
export function showSnackbar(text: string): void {
  window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: text }));
}

/** Shows a confirmation message after the next navigation (kept in sessionStorage until shown). */
export function queueSnackbar(text: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, text);
  } catch {
    // storage unavailable (private mode): show it now instead
  }
  showSnackbar(text);
}

/**
 * The snackbar region: a polite live region at the bottom of the screen that shows each message
 * for SNACKBAR_MS (screen readers announce it). Mounted once in the app shell.
 */
export function SnackbarHost() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (message: string) => {
      setText(message);
      clearTimeout(timer);
      timer = setTimeout(() => setText(null), SNACKBAR_MS);
      try {
        sessionStorage.removeItem(STORAGE_KEY);
      } catch {
        // nothing stored
      }
    };
    const onEvent = (e: Event) => show((e as CustomEvent<string>).detail);
    window.addEventListener(EVENT, onEvent);
    try {
      const queued = sessionStorage.getItem(STORAGE_KEY);
      if (queued) show(queued);
    } catch {
      // storage unavailable
    }
    return () => {
      window.removeEventListener(EVENT, onEvent);
      clearTimeout(timer);
    };
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
      data-testid="snackbar"
    >
      {text ? (
        <p className="pointer-events-auto max-w-md rounded-lg bg-ink px-4 py-3 text-sm text-paper shadow-lg">{text}</p>
      ) : null}
    </div>
  );
}
