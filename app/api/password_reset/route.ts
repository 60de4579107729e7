import { assertSameOrigin, clientIp } from '@/lib/auth/request';
import { requestPasswordReset } from '@/lib/data/auth';
import { AppError, withApiErrors } from '@/lib/errors';
import { routing } from '@/lib/i18n/routing';
import { mailText, sendMail } from '@/lib/mail';
import { localePath } from '@/lib/seo';
import { RESET_TOKEN_MINUTES } from '@/lib/validation/limits';
import { bodyText, json, jsonBody } from '../_lib/http';

export const dynamic = 'force-dynamic';

/**
 * POST /api/password_reset: `{ email, locale }` (locale "en" or "fi", the language of the mail).
 * Always 200 `{ ok: true }`, whether or not the address has an account (spec §7: neutral reply);
 * when it has one, a one-time link to `/reset_password?token=…` valid RESET_TOKEN_MINUTES goes
 * to it (lib/mail.ts: SMTP, or a file under .data/mail/). 400 `{ error, fields }` for a missing or
 * malformed address; 429 with `Retry-After` after 5 requests an hour per IP or per address.
 */
export const POST = withApiErrors(async (request: Request) => {
  assertSameOrigin(request);
  const body = await jsonBody(request);
  const locale = routing.locales.includes(bodyText(body, 'locale') as 'en' | 'fi') ? (bodyText(body, 'locale') as 'en' | 'fi') : routing.defaultLocale;
  const origin = process.env.SITE_URL ? new URL(process.env.SITE_URL).origin : new URL(request.url).origin;
  const r = await requestPasswordReset(bodyText(body, 'email'), { ip: clientIp(request) }, async ({ name, email, token }) => {
    const link = `${origin}${localePath(locale, '/reset_password')}?token=${encodeURIComponent(token)}`;
    await sendMail({ to: email, subject: mailText(locale, 'resetSubject', {}), text: mailText(locale, 'resetBody', { name, link, minutes: RESET_TOKEN_MINUTES }) });
  });
  if (!r.ok) {
    if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
    return json({ error: 'invalid', fields: r.errors }, 400);
  }
  return json({ ok: true });
});
