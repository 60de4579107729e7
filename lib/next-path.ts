/**
 * Where to return after logging in (`next` parameter of /login, of the login dialog and of the
 * social login): a same-origin path only, so a crafted link cannot send a user to another site
 * after login. Shared by the browser (login form) and the server (social completion).
 */
import { localeOfPath, routing } from '@/lib/i18n/routing';

/** The origin paths are resolved against when the caller gives none (a name that never resolves). */
const FALLBACK_ORIGIN = 'https://discshelf.invalid';

/**
 * Control characters (U+0000–U+001F, U+007F) and backslashes: browsers drop tabs and newlines from
 * URLs and read `\` as `/`, so `/\t/evil.example` or `/\evil.example` become `//evil.example`.
 */
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/**
 * A same-origin path for `next` (`/…?…#…`); "/" for anything else. The value is refused when it
 * does not start with "/", holds a control character or a backslash anywhere, or resolves
 * (`new URL(value, origin)`) to another origin; what is returned is the resolved URL's path,
 * query and fragment, and never starts with "//" (dot segments such as `/a/..//evil` are refused).
 * @param next the raw parameter, as it arrives (already percent-decoded by URLSearchParams)
 * @param origin the site's origin (default: a placeholder; only same-origin-ness matters)
 */
export function safeNextPath(next: string | null | undefined, origin: string = FALLBACK_ORIGIN): string {
  if (!next || !next.startsWith('/') || FORBIDDEN.test(next)) return '/';
  let url: URL;
  let base: URL;
  try {
    base = new URL(origin);
    url = new URL(next, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/**
 * A full path (`/fi/movie/x` or `/movie/x`) split into its login page and the path inside the
 * locale (`/movie/x`), as /login's `next` parameter takes it.
 */
export function splitLocalePath(path: string): { login: string; inner: string } {
  const locale = localeOfPath(path);
  if (locale === routing.defaultLocale) return { login: '/login', inner: path };
  const inner = path.slice(locale.length + 1);
  return { login: `/${locale}/login`, inner: inner.startsWith('/') ? inner : `/${inner}` };
}
