'use client';

/** Window event fired after a login, registration or logout: the user widget reloads /api/me. */
export const SESSION_CHANGED = 'discshelf:session';

/** Tells the page's session-aware parts (user widget) that the session changed. */
export function announceSessionChange(): void {
  window.dispatchEvent(new Event(SESSION_CHANGED));
}
