'use client';

/**
 * Loads the ALTCHA widget (defines `<altcha-widget>`) and, for Finnish, its Finnish strings (the
 * widget speaks English by default). Imported with `import()` by the registration form, so the
 * widget (~56 KB gzip) is never first-load JavaScript; the form's Facebook/Google part comes in
 * the same load.
 */
import 'altcha';

export { SocialLogin } from './social-login';

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
