'use client';

/** Cookie that records the acceptance of the cookie notice (kept 15,552,000 seconds = 180 days). */
export const COOKIE_CONSENT_NAME = 'cookie_consent';
export const COOKIE_CONSENT_MAX_AGE_S = 15_552_000;

/** Whether this browser has accepted the cookie notice. */
export function hasConsentCookie(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${COOKIE_CONSENT_NAME}=`));
}
