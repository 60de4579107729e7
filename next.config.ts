import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import pkg from './package.json' with { type: 'json' };

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** Next.js configuration: native/wasm packages stay outside the bundle (see ARCHITECTURE.md traps). */
const nextConfig: NextConfig = {
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'sharp', 'postgres'],
  poweredByHeader: false,
  env: {
    // Built-in version (spec §7): package version plus build time, baked into server and client bundles.
    NEXT_PUBLIC_APP_VERSION: process.env.NEXT_PUBLIC_APP_VERSION || `${pkg.version}+${new Date().toISOString().replace(/[-:TZ.]/g, '').slice(0, 14)}`,
  },
  typedRoutes: false,
};

export default withNextIntl(nextConfig);
