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
