/**
 * The answer to the address of a deleted catalogue item (lib/data/tombstones.ts), given by the
 * page proxy (proxy.ts) before Next's cached item pages: Next's App Router has no way for a page
 * to answer 410 Gone (only notFound(), 404), so the proxy answers it itself with this short page,
 * or redirects (308) to the item a deleted one was merged into. Pure.
 */
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';
import { routing, type AppLocale } from '@/lib/i18n/routing';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

/** An item page's address taken apart: its locale, entity, public id and the subpage after it ('' or '/photos'). */
export type ItemPath = { locale: AppLocale; entity: CatalogueEntity; publicId: string; rest: string };

const ITEM_PATH = /^(?:\/(fi))?\/(movie|release|person|label)\/([A-Za-z0-9_-]{1,64})(\/[^?#]*)?$/;

/**
 * The item page a path names (`/release/abc`, `/fi/movie/abc/photos`), or null for any other path.
 * The history subpage (`…/history`) is not an item page here: it stays readable for a deleted item.
 */
export function itemPathOf(pathname: string): ItemPath | null {
  const m = ITEM_PATH.exec(pathname);
  if (!m) return null;
  const rest = (m[4] ?? '').replace(/\/+$/, '');
  if (rest === '/history' || rest.startsWith('/history/')) return null;
  return {
    locale: (m[1] as AppLocale | undefined) ?? routing.defaultLocale,
    entity: m[2] as CatalogueEntity,
    publicId: m[3],
    rest,
  };
}

/** The address of an item page in a locale (English without a prefix). */
export function itemHref(p: ItemPath): string {
  const prefix = p.locale === routing.defaultLocale ? '' : `/${p.locale}`;
  return `${prefix}/${p.entity}/${encodeURIComponent(p.publicId)}${p.rest}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The 410 page of a deleted item in the item path's locale (`errors.gone`): its title, a line
 * saying the entry was deleted, links to the front page and to the item's history; not to be
 * indexed (`noindex`).
 */
export function gonePage(p: ItemPath): { status: 410; headers: Record<string, string>; body: string } {
  const m = p.locale === 'fi' ? fi : en;
  const t = m.errors.gone;
  const home = p.locale === routing.defaultLocale ? '/' : `/${p.locale}`;
  const history = itemHref({ ...p, rest: '/history' });
  const body = `<!DOCTYPE html>
<html lang="${p.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`${t.title} – ${m.common.brand}`)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<main data-testid="item-gone"><p><a href="${home}">${escapeHtml(m.common.brand)}</a></p>
<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.lead)}</p>
<p><a href="${home}">${escapeHtml(t.home)}</a> · <a href="${escapeHtml(history)}" rel="nofollow">${escapeHtml(t.history)}</a></p></main>
</body></html>`;
  return {
    status: 410,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'x-robots-tag': 'noindex',
      // Never kept: a revert that restores the item shows on the very next request.
      'cache-control': 'no-store',
    },
    body,
  };
}
