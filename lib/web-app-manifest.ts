/**
 * The web app manifest (W3C Web Application Manifest) that makes the site installable on a phone:
 * name, colours, icons (public/icons, drawn from app/icon.svg on the paper colour) and a shortcut
 * to the barcode scanner, in English or Finnish (`/manifest.webmanifest?lang=fi`, linked from
 * the Finnish pages). Texts come from messages/{en,fi}.json. Pure.
 */
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

/** The page background and top bar colours of app/globals.css (`--color-paper`, `--color-panel`). */
const BACKGROUND = '#fbfaf8';
const THEME = '#ffffff';

/** The manifest of a locale, as the JSON object served with `application/manifest+json`. */
export function webAppManifest(locale: 'en' | 'fi') {
  const m = locale === 'fi' ? fi : en;
  const home = locale === 'fi' ? '/fi' : '/';
  const scan = locale === 'fi' ? '/fi/scan' : '/scan';
  return {
    id: home,
    name: m.common.brand,
    short_name: m.common.brand,
    description: m.meta.description,
    lang: locale,
    start_url: home,
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND,
    theme_color: THEME,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: m.scan.title,
        short_name: m.nav.scan,
        url: scan,
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  };
}
