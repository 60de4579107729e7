'use client';

/**
 * What the registration form loads after the page, in one `import()`: the ALTCHA widget with its
 * Finnish strings and the submit's payload (altcha-widget.ts, which the contact form loads alone),
 * and the form's Facebook/Google part. So the widget (~56 KB gzip) is never first-load JavaScript.
 */
export { botCheckPayload, loadWidgetLanguage } from './altcha-widget';

export { SocialLogin } from './social-login';
