import { z } from 'zod';
import { route } from '@/lib/api/route';
import { describedText, errorSchema, formText, invalidResponseDoc, jsonResponse, okSchema } from '@/lib/api/schemas';
import { runAfterResponse } from '@/lib/auth/after-response';
import { clientIp } from '@/lib/auth/request';
import { requestPasswordReset } from '@/lib/data/auth';
import { AppError } from '@/lib/errors';
import { routing } from '@/lib/i18n/routing';
import { mailText, sendMail } from '@/lib/mail';
import { singleLine } from '@/lib/one-line';
import { localePath } from '@/lib/seo';
import { RESET_TOKEN_MINUTES } from '@/lib/validation/limits';

export const dynamic = 'force-dynamic';

type Locale = (typeof routing.locales)[number];

function isLocale(value: string): value is Locale {
  return (routing.locales as readonly string[]).includes(value);
}

/** The mail's language: a known locale, else the default one. */
const localeField = formText
  .transform((v): Locale => (isLocale(v) ? v : routing.defaultLocale))
  .meta({ description: 'Language of the mail: en or fi' });

/**
 * POST /api/password_reset: `{ email, locale }` (locale "en" or "fi", the language of the mail).
 * Always 200 `{ ok: true }`, whether or not the address has an account (a neutral reply),
 * in the same time: the account lookup and the mail run after the response is sent, so neither
 * the timing nor an SMTP failure (logged on the server) shows to the client. When the address has
 * an account, a one-time link to `/reset_password?token=…` valid RESET_TOKEN_MINUTES goes to it
 * (lib/mail.ts: SMTP, or a file under .data/mail/). 400 `{ error, fields }` for a missing or
 * malformed address; 429 with `Retry-After` after 5 requests an hour per IP or per address.
 */
export const POST = route({
  method: 'POST',
  path: '/api/password_reset',
  summary: 'Sends a password reset link (neutral reply)',
  tags: ['accounts'],
  auth: 'public',
  sameOrigin: true,
  body: z.object({ email: describedText('E-mail address of the account'), locale: localeField }),
  responses: {
    200: jsonResponse('Always, when the address is well-formed', okSchema),
    400: invalidResponseDoc,
    429: jsonResponse('Too many requests (Retry-After)', errorSchema),
  },
  handler: async ({ request, body }) => {
    const { locale } = body;
    const origin = process.env.SITE_URL ? new URL(process.env.SITE_URL).origin : new URL(request.url).origin;
    const r = await requestPasswordReset({
      email: body.email,
      meta: { ip: clientIp(request) },
      deliver: async ({ name, email, token }) => {
        const link = `${origin}${localePath(locale, '/reset_password')}?token=${encodeURIComponent(token)}`;
        await sendMail({
          to: email,
          subject: mailText(locale, 'resetSubject', {}),
          text: mailText(locale, 'resetBody', { name: singleLine(name), link, minutes: RESET_TOKEN_MINUTES }),
        });
      },
    });
    if (!r.ok) {
      if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
      return { ok: false, errors: r.errors };
    }
    runAfterResponse(r.followUp);
    return { ok: true };
  },
});
