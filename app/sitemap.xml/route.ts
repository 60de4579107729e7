import { connection } from 'next/server';
import { sitemapIdSpans } from '@/lib/data/sitemap';
import { sitemapIndexXml, sitemapPageNames } from '@/lib/seo';

/**
 * GET /sitemap.xml — sitemap index (XML) of the paged sitemaps: /sitemap/static.xml and
 * /sitemap/{releases|movies|persons|labels}-{n}.xml (10,000 items each, data: lib/data/sitemap.ts).
 */
export async function GET(): Promise<Response> {
  await connection();
  const spans = await sitemapIdSpans();
  return new Response(sitemapIndexXml(sitemapPageNames(spans)), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
