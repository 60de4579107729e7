import { createRequire } from 'node:module';
import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import pkg from './package.json' with { type: 'json' };

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/**
 * `/label/{id}?cursor=…` and `/company/{id}?cursor=…` (later keyset pages), and a label page
 * searched or ordered (`?q=`, `?so=`), go to the dynamic `paged` twin of the item page, so the
 * item page itself reads no query string and can be cached (lib/page-cache.ts). Runs after
 * proxy.ts, which has already put the locale in front.
 */
const CURSOR_PAGE_REWRITES = [
  ...(['label', 'company'] as const).map((kind) => ({ kind, key: 'cursor' })),
  { kind: 'label', key: 'q' },
  { kind: 'label', key: 'so' },
].map(({ kind, key }) => ({
  source: `/:locale(en|fi)/${kind}/:publicId`,
  has: [{ type: 'query' as const, key }],
  destination: `/:locale/${kind}/:publicId/paged`,
}));

/**
 * Messages are precompiled on the server (lib/i18n/precompile.ts), so use-intl's formatter can be
 * the `format-only` one without the ICU parser (~8 KB gzip less first-load JavaScript). This is
 * the alias next-intl's own `experimental.messages.precompile` sets; that option is not used
 * because its loader would also turn the raw imports of messages/*.json (lib/errors.ts) into
 * compiled arrays. Turbopack aliases need a relative path.
 */
const FORMAT_ONLY = `./${path
  .relative(process.cwd(), createRequire(import.meta.url).resolve('use-intl/format-message/format-only'))
  .split(path.sep)
  .join('/')}`;

/** Next.js configuration: native/wasm packages stay outside the bundle (see ARCHITECTURE.md traps). */
const nextConfig: NextConfig = {
  // rate-limiter-flexible imports drizzle-orm by a computed specifier at run time: keep it unbundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'sharp',
    'postgres',
    'rate-limiter-flexible',
    'drizzle-orm',
  ],
  poweredByHeader: false,
  turbopack: { resolveAlias: { 'use-intl/format-message': FORMAT_ONLY } },
  async rewrites() {
    return { beforeFiles: CURSOR_PAGE_REWRITES, afterFiles: [], fallback: [] };
  },
  // Cached item pages (ISR, revalidate 3600 s) answer `Cache-Control: s-maxage=3600,
  // stale-while-revalidate=82800`: a CDN may keep a page 1 hour and serve it stale for up to a day
  // while it refetches. Browsers keep nothing (no max-age).
  expireTime: 86400,
  // ISR pages live in each server's memory (LRU, 256 MB ≈ a few thousand pages) instead of being
  // written under .next/server: a crawler walking a million release pages must not fill the disk.
  // A restart or a new build starts with an empty cache; several servers each keep their own, and
  // the handler shares every revalidation between them over PostgreSQL (lib/page-cache-handler.mjs).
  cacheMaxMemorySize: 256 * 1024 * 1024,
  cacheHandler: path.resolve('lib/page-cache-handler.mjs'),
  experimental: { isrFlushToDisk: false },
  env: {
    // Built-in version: package version plus build time, baked into server and client bundles.
    NEXT_PUBLIC_APP_VERSION:
      process.env.NEXT_PUBLIC_APP_VERSION ||
      `${pkg.version}+${new Date()
        .toISOString()
        .replace(/[-:TZ.]/g, '')
        .slice(0, 14)}`,
  },
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
