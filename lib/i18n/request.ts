import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { locale as rootLocale } from 'next/root-params';
import { precompileMessages, type CompiledMessageTree, type MessageTree } from './precompile';
import { siteTimeZone } from '@/lib/time-zone';
import { routing } from './routing';

/** Compiled catalogues per locale, built once per server process. */
const compiled = new Map<string, Promise<CompiledMessageTree>>();

/** `messages/{locale}.json` with every message precompiled (see ./precompile.ts), cached. */
function loadMessages(locale: string): Promise<CompiledMessageTree> {
  let messages = compiled.get(locale);
  if (!messages) {
    messages = import(`../../messages/${locale}.json`).then((m: { default: MessageTree }) =>
      precompileMessages(m.default),
    );
    compiled.set(locale, messages);
  }
  return messages;
}

/**
 * The `[locale]` root segment of the page being rendered (next/root-params), or undefined outside
 * it (e.g. the top-level /_not-found) and where root params are unavailable (route handlers).
 */
async function segmentLocale(): Promise<string | undefined> {
  try {
    return await rootLocale();
  } catch {
    return undefined;
  }
}

/**
 * Per-request next-intl configuration for server code: the locale is an explicit one
 * (`getTranslations({ locale })`), else the `[locale]` root segment read with next/root-params,
 * else next-intl's request locale (setRequestLocale, or the proxy's header); invalid values fall
 * back to the default. Reading the segment instead of the header keeps every server component
 * statically renderable — the item pages are cached (lib/page-cache.ts), and a header read there
 * fails the render (DYNAMIC_SERVER_USAGE) — even in boundaries such as not-found.tsx that render
 * before the layout's setRequestLocale has run. Loads `messages/{locale}.json`, precompiled for
 * use-intl's `format-only` formatter (next.config.ts aliases it in).
 */
export default getRequestConfig(async (params) => {
  // `params.requestLocale` is a getter that reads the header as soon as it is touched: only
  // touch it when neither an explicit locale nor the segment is known.
  const requested = params.locale ?? (await segmentLocale()) ?? (await params.requestLocale);
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    // next-intl types messages as its (uncompiled) AbstractIntlMessages; the compiled tree is what
    // the aliased formatter reads (next-intl's own `precompile` option passes the same shape).
    messages: (await loadMessages(locale)) as unknown as Record<string, string>,
    // The site's zone (SITE_TIME_ZONE): the client provider inherits it (lib/i18n/use-site-time-zone.ts).
    timeZone: siteTimeZone(),
  };
});
