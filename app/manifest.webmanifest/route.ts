import { webAppManifest } from '@/lib/web-app-manifest';

/**
 * GET /manifest.webmanifest[?lang=fi]: the web app manifest (lib/web-app-manifest.ts) in English,
 * or Finnish with `lang=fi` (any other value: English), `application/manifest+json`, cacheable
 * for a day.
 */
export function GET(request: Request): Response {
  const locale = new URL(request.url).searchParams.get('lang') === 'fi' ? 'fi' : 'en';
  return new Response(JSON.stringify(webAppManifest(locale)), {
    headers: { 'content-type': 'application/manifest+json', 'cache-control': 'public, max-age=86400' },
  });
}
