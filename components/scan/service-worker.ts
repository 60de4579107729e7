/**
 * The offline scanner's service worker (public/sw.js), for members only: registered once a page
 * knows its viewer is a member (the member widget) or the scanner runs as the installed app, and
 * removed with the saved barcode list and outbox at a logout (after sending the changes made
 * offline) or when the scanner finds a visitor on a device that had them (kept while changes made
 * offline wait for a login), so visitors' and search engines' pages never run under it. The
 * script's address carries the app version, so each deployment installs a fresh worker and drops
 * the old caches.
 */
import { APP_VERSION } from '@/lib/version';
import { clearOfflineData, pendingToggles, sendPendingToggles } from './offline-store';

/** The worker's script; its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** Whether the page runs as the installed app (the web app manifest's `display: standalone`). */
export function isInstalledApp(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
}

/** Registers the worker (again: the browser keeps one registration and updates its script). Ignores browsers without service workers. */
export async function registerOfflineWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(`${SERVICE_WORKER_PATH}?v=${encodeURIComponent(APP_VERSION)}`, {
      scope: '/',
    });
  } catch {
    // An unavailable worker only means no offline scanning; the site works as before.
  }
}

/** Unregisters the worker and deletes the scanner's saved data and caches on this device. */
export async function forgetOfflineData(): Promise<void> {
  if ('serviceWorker' in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((r) => r.unregister()));
  }
  if ('caches' in globalThis) {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('discshelf-')).map((n) => caches.delete(n)));
  }
  await clearOfflineData();
}

/** Like {@link forgetOfflineData}, unless changes made offline still wait to be sent (a new login sends them). */
export async function forgetUnlessPending(): Promise<void> {
  if ((await pendingToggles()).length === 0) await forgetOfflineData();
}

/** Sends the changes made offline while the session still lets them through (before a logout). */
export async function sendBeforeLogout(): Promise<void> {
  try {
    await sendPendingToggles();
  } catch {
    // Nothing to send, or no connection: the logout goes on.
  }
}

/**
 * Asks the worker to keep the build files this page has loaded (its code loaded after the page,
 * the barcode reader and its .wasm), which the worker's install, reading only the page's HTML,
 * does not know. Nothing happens without an active worker.
 */
export async function keepLoadedFiles(): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/_next/static/`));
  worker.postMessage({ type: 'keep', urls });
}
