'use client';

import { openLoginDialog } from './session-events';

/**
 * Member actions for visitors (a visitor's click on one shows 'You must be logged in to use this
 * feature'): `requireLogin` opens the login dialog with that prompt and remembers the action, so
 * that once logged in (in the dialog, or through Facebook/Google and back) the component that
 * owns the action finds it with `takePendingAction` and completes it on the same URL.
 */

const PENDING_KEY = 'discshelf:pending-action';
/** A remembered action is dropped after this long (milliseconds): 15 minutes. */
const PENDING_TTL_MS = 15 * 60 * 1000;

type Pending = { key: string; path: string; at: number };

function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/**
 * A visitor tried a member action: remember it (`actionKey` names it, e.g.
 * `toggle:release:abc:have`) for this URL and open the login dialog with the prompt.
 */
export function requireLogin(actionKey?: string): void {
  try {
    if (actionKey)
      sessionStorage.setItem(
        PENDING_KEY,
        JSON.stringify({ key: actionKey, path: currentPath(), at: Date.now() } satisfies Pending),
      );
  } catch {
    // Storage may be unavailable (private mode): the login still works, the action is not resumed.
  }
  openLoginDialog(true);
}

/**
 * Whether the action `actionKey` waits to be completed on this URL; reading it removes it, so it
 * runs once.
 */
export function takePendingAction(actionKey: string): boolean {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return false;
    const p = JSON.parse(raw) as Pending;
    if (p.key !== actionKey) return false;
    sessionStorage.removeItem(PENDING_KEY);
    return p.path === currentPath() && Date.now() - p.at < PENDING_TTL_MS;
  } catch {
    return false;
  }
}
