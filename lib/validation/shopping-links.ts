/**
 * Shopping links of releases and movies: which shops are accepted (Amazon .com, .co.uk, .de and
 * .it, and CDON.fi), how a pasted product address is reduced to the shop's canonical product
 * address (tracking parameters and someone else's affiliate tag dropped), and how the site's own
 * affiliate parameter is added when the link is shown. Pure: used by the form in the browser and
 * by the data layer.
 *
 * Affiliate parameters come from the environment, one per shop, as `name=value` (the parameter the
 * shop's affiliate programme gave): `AFFILIATE_AMAZON_COM` (e.g. `tag=discshelf-20`),
 * `AFFILIATE_AMAZON_CO_UK`, `AFFILIATE_AMAZON_DE`, `AFFILIATE_AMAZON_IT`, `AFFILIATE_CDON_FI`.
 * Unset: the link is shown as it is stored.
 */

/** The accepted shops, by id: the site's host name without `www.`. */
export const SHOPS = {
  'amazon.com': { name: 'Amazon.com', amazon: true, env: 'AFFILIATE_AMAZON_COM' },
  'amazon.co.uk': { name: 'Amazon.co.uk', amazon: true, env: 'AFFILIATE_AMAZON_CO_UK' },
  'amazon.de': { name: 'Amazon.de', amazon: true, env: 'AFFILIATE_AMAZON_DE' },
  'amazon.it': { name: 'Amazon.it', amazon: true, env: 'AFFILIATE_AMAZON_IT' },
  'cdon.fi': { name: 'CDON.fi', amazon: false, env: 'AFFILIATE_CDON_FI' },
} as const;

export type ShopId = keyof typeof SHOPS;

import { SHOPPING_LINK_MAX } from './media-limits';

export { SHOPPING_LINK_MAX };

/** An accepted link: its shop, the product's id at the shop and the canonical product address stored. */
export type ShoppingLink = { shop: ShopId; productId: string; url: string };

/**
 * Why a link was refused: `empty` (no address), `length` (over SHOPPING_LINK_MAX characters), `host`
 * (not one of the shops), `product` (no product page of the shop).
 */
export type ShoppingLinkProblem = 'empty' | 'length' | 'host' | 'product';

/** An Amazon product id (ASIN): ten letters and digits. */
const ASIN = /^[A-Z0-9]{10}$/;
/** CDON product pages: `/{category}/{name-with-dashes}-{digits}/` or `/tuote/...-{digits}`. */
const CDON_PRODUCT = /^\/(?:[a-z0-9-]+\/)*([a-z0-9-]+-\d{4,})\/?$/;

/** The shop of a host name (`www.` and `smile.` prefixes allowed), or null. */
function shopOf(host: string): ShopId | null {
  const bare = host.toLowerCase().replace(/^(?:www|smile)\./, '');
  return Object.hasOwn(SHOPS, bare) ? (bare as ShopId) : null;
}

/**
 * Reads a pasted shop address.
 * Amazon: `/dp/ASIN`, `/gp/product/ASIN`, `/{title}/dp/ASIN` (any tail or query), stored as
 * `https://www.amazon.{tld}/dp/ASIN`. CDON.fi: a product page ending in its number, stored as its
 * path without query.
 * @returns the link, or the problem: `empty`, `length`, `host` (another site, http other than to the shops,
 *   a look-alike host) or `product` (a search, a category or a cart page of an accepted shop)
 */
export function parseShoppingLink(input: string): ShoppingLink | { problem: ShoppingLinkProblem } {
  const text = input.trim();
  if (!text) return { problem: 'empty' };
  if (text.length > SHOPPING_LINK_MAX) return { problem: 'length' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'host' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'host' };
  if (url.username || url.password || url.port) return { problem: 'host' };
  const shop = shopOf(url.hostname);
  if (!shop) return { problem: 'host' };
  if (SHOPS[shop].amazon) {
    const parts = url.pathname.split('/').filter(Boolean);
    const at = parts.findIndex((p, i) => p === 'dp' || (p === 'product' && parts[i - 1] === 'gp'));
    const asin = at >= 0 ? parts[at + 1]?.toUpperCase() : undefined;
    if (!asin || !ASIN.test(asin)) return { problem: 'product' };
    return { shop, productId: asin, url: `https://www.${shop}/dp/${asin}` };
  }
  const m = CDON_PRODUCT.exec(url.pathname.toLowerCase());
  if (!m) return { problem: 'product' };
  const path = url.pathname.toLowerCase().replace(/\/?$/, '/');
  return { shop, productId: m[1]!.replace(/^.*-(\d+)$/, '$1'), url: `https://cdon.fi${path}` };
}

/**
 * The address shown to visitors: the stored canonical address with the shop's affiliate parameter
 * from the environment (see the module doc), when one is set and well formed (`name=value`).
 */
export function affiliateUrl(stored: string, env: Record<string, string | undefined> = process.env): string {
  let url: URL;
  try {
    url = new URL(stored);
  } catch {
    return stored;
  }
  const shop = shopOf(url.hostname);
  if (!shop) return stored;
  const param = env[SHOPS[shop].env]?.trim();
  const m = param ? /^([A-Za-z0-9_.-]+)=([A-Za-z0-9_.~-]+)$/.exec(param) : null;
  if (!m) return stored;
  url.searchParams.set(m[1]!, m[2]!);
  return url.toString();
}
