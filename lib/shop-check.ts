import 'server-only';
/**
 * The check of a shopping link before it is stored: does the shop still sell the product? It
 * answers the codes of the shopping-link errors: 0 available, 1 empty (no address), 2 invalid or
 * unavailable product, 3 Amazon's quota full (the shop refuses more requests for now). Anything
 * else (the shop unreachable, a timeout, a server error of the shop) is no answer (null): the link
 * is stored unchecked, an admin sees it in the queue.
 *
 * Off unless `SHOPPING_LINK_CHECK` is set: `on` asks the shops themselves; an address
 * (`http://127.0.0.1:4010`) sends every check there instead, with the product's path and query
 * and the shop's host in the `X-Shop-Host` header (a checking proxy, or the tests' local server).
 * A check waits at most SHOP_CHECK_TIMEOUT_MS.
 */
import { logWarn } from '@/lib/log';
import { parseShoppingLink, SHOPS } from '@/lib/validation/shopping-links';

/** The codes of a check. */
export const SHOP_CHECK_CODES = { available: 0, empty: 1, unavailable: 2, quotaFull: 3 } as const;
export type ShopCheckCode = (typeof SHOP_CHECK_CODES)[keyof typeof SHOP_CHECK_CODES];

/** How long a check waits for the shop, in milliseconds. */
export const SHOP_CHECK_TIMEOUT_MS = 5000;

/** Words a shop's product page shows when the product is not sold (Amazon's and CDON's, in their languages). */
const UNAVAILABLE_MARKERS = [
  'currently unavailable',
  'derzeit nicht verfügbar',
  'non disponibile',
  'ei saatavilla',
  'tuote on loppuunmyyty',
];

/** Where checks go: null (off), 'shop' (the shops themselves) or a base address. */
export function shopCheckTarget(env: Record<string, string | undefined> = process.env): null | 'shop' | URL {
  const v = env.SHOPPING_LINK_CHECK?.trim();
  if (!v || v === 'off') return null;
  if (v === 'on') return 'shop';
  try {
    return new URL(v);
  } catch {
    logWarn('SHOPPING_LINK_CHECK is neither on, off nor an address; checks are off', { value: v });
    return null;
  }
}

/**
 * Checks a shopping link.
 * @param input the address as the member gave it
 * @returns the code (0, 1, 2 or 3), or null when checks are off or the shop gave no answer
 */
export async function checkShoppingLink(
  input: string,
  env: Record<string, string | undefined> = process.env,
): Promise<ShopCheckCode | null> {
  const link = parseShoppingLink(input);
  if ('problem' in link) return link.problem === 'empty' ? SHOP_CHECK_CODES.empty : SHOP_CHECK_CODES.unavailable;
  const target = shopCheckTarget(env);
  if (!target) return null;
  const product = new URL(link.url);
  const address = target === 'shop' ? product : new URL(product.pathname + product.search, target);
  const headers: Record<string, string> = { 'Accept-Language': 'en', 'User-Agent': 'DiscShelf link check' };
  if (target !== 'shop') headers['X-Shop-Host'] = product.host;
  let response: Response;
  try {
    response = await fetch(address, {
      headers,
      redirect: 'follow',
      signal: AbortSignal.timeout(SHOP_CHECK_TIMEOUT_MS),
    });
  } catch (error) {
    logWarn('shopping link check got no answer', { shop: link.shop, error: String(error) });
    return null;
  }
  if (response.status === 404 || response.status === 410) return SHOP_CHECK_CODES.unavailable;
  // Amazon answers 503 (and 429) when it throttles automated requests: its quota is full for now.
  if ((response.status === 503 || response.status === 429) && SHOPS[link.shop].amazon)
    return SHOP_CHECK_CODES.quotaFull;
  if (!response.ok) return null;
  const page = (await response.text()).toLowerCase();
  return UNAVAILABLE_MARKERS.some((m) => page.includes(m)) ? SHOP_CHECK_CODES.unavailable : SHOP_CHECK_CODES.available;
}

/** The `forms` message key of a check's refusal (codes 1, 2, 3), or null for an accepted link. */
export function shopCheckError(code: ShopCheckCode | null): string | null {
  if (code === SHOP_CHECK_CODES.empty) return 'shoppingLinkEmpty';
  if (code === SHOP_CHECK_CODES.unavailable) return 'shoppingLinkProduct';
  if (code === SHOP_CHECK_CODES.quotaFull) return 'shoppingLinkQuota';
  return null;
}
