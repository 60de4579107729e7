import { connection } from 'next/server';
import { listSitemapUrls } from '@/lib/data/sitemap';
import { SITEMAP_ITEM_PATHS, SITEMAP_PAGE_SIZE, STATIC_SITEMAP_PATHS, parseSitemapPage, urlsetXml } from '@/lib/seo';

/**
 * GET /sitemap/{name}.xml — one sitemap page (XML urlset with hreflang alternates): `static`
 * (home and listing routes) or `{kind}-{n}` (n-th 10,000 releases, movies, persons or labels).
 * Unknown name or a page past the end → 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ page: string }> }): Promise<Response> {
  await connection();
  const parsed = parseSitemapPage((await params).page);
  if (!parsed) return new Response('Not found', { status: 404 });
  let items: { path: string; lastmod: string | null }[];
  if (parsed.kind === 'static') {
    items = STATIC_SITEMAP_PATHS.map((path) => ({ path, lastmod: null }));
  } else {
    const rows = await listSitemapUrls(parsed.kind, { page: parsed.page, pageSize: SITEMAP_PAGE_SIZE });
    if (rows.length === 0) return new Response('Not found', { status: 404 });
    items = rows.map((r) => ({ path: `${SITEMAP_ITEM_PATHS[parsed.kind]}/${r.public_id}`, lastmod: r.lastmod }));
  }
  return new Response(urlsetXml(items), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
