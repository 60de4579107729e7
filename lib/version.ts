/**
 * The built-in app version: fixed at build time by
 * next.config.ts (package version + build time), the same value in server and client bundles.
 * `/version.json` answers it; the client compares it every VERSION_CHECK_INTERVAL_MS.
 */
export const APP_VERSION: string = process.env.NEXT_PUBLIC_APP_VERSION ?? 'dev';

/** Version check interval: 1,800,000 ms (30 minutes). Overridable for tests via NEXT_PUBLIC_VERSION_CHECK_MS. */
export const VERSION_CHECK_INTERVAL_MS: number = Number(process.env.NEXT_PUBLIC_VERSION_CHECK_MS || 1_800_000);
