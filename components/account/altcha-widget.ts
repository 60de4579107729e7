'use client';

/**
 * The ALTCHA bot-check widget (defines `<altcha-widget>`), its Finnish strings and the payload of a
 * submit: the self-hosted proof of work of lib/auth/bot-check.ts, shared by the registration form
 * (through altcha-loader.ts) and the visitors' contact form. Imported with `import()` only, so
 * the widget (~56 KB gzip) is never first-load JavaScript.
 */
import 'altcha';

/** Registers the widget's strings for `locale` (Finnish; English is built in). */
export async function loadWidgetLanguage(locale: string): Promise<void> {
  if (locale === 'fi') await import('altcha/i18n/fi');
}

/**
 * The bot check's payload for a submit: waits (up to 15 s) until the widget is on the page, then
 * has it solve a fresh challenge if it has none. A submit made before the widget appeared thus
 * waits for it instead of sending no payload ('Captcha missing').
 * @returns the payload, or "" when the widget never appeared or failed
 */
export async function botCheckPayload(): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const widget = document.querySelector('altcha-widget');
    if (widget && typeof widget.verify === 'function') return (await widget.verify())?.payload ?? '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return '';
}
