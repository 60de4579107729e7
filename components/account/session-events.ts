'use client';

/**
 * Session events of the page (tiny, in every page's bundle): session changes and opening the login
 * dialog. Member actions use login-required.ts.
 */

/** Window event fired after a login, registration or logout: the user widget reloads /api/me. */
export const SESSION_CHANGED = 'discshelf:session';

/** Tells the page's session-aware parts (user widget) that the session changed. */
export function announceSessionChange(): void {
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

/** Window event that opens the login dialog; `detail.prompt` shows the "must be logged in" text. */
export const LOGIN_DIALOG_EVENT = 'discshelf:login-dialog';

/** Opens the login dialog (without the prompt: the top bar's login button). */
export function openLoginDialog(prompt = false): void {
  window.dispatchEvent(new CustomEvent(LOGIN_DIALOG_EVENT, { detail: { prompt } }));
}

/** Window event fired once the member's notifications were marked seen: the bell's count drops to 0. */
export const NOTIFICATIONS_SEEN = 'discshelf:notifications-seen';
