import { NextResponse } from 'next/server';
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { accountFields, dto, errorSchema, formText, invalidResponseDoc, jsonResponse } from '@/lib/api/schemas';
import { verifyBotCheck } from '@/lib/auth/bot-check';
import { clientIp, SESSION_COOKIE, sessionCookieOptions } from '@/lib/auth/request';
import { register } from '@/lib/data/auth';
import { AppError } from '@/lib/errors';

export const dynamic = 'force-dynamic';

/**
 * POST /api/register: creates an account from `{ name, email, password, password2, country,
 * altcha }` (JSON; `country` a country id or ""; `altcha` the solved bot-check payload) sent from
 * this site, and logs it in. 200 `{ user: PublicUser }` and the session cookie; 400 `{ error,
 * fields }` with message keys (`_form: captchaMissing | captchaInvalid`, `email: emailInUse`,
 * `password: passwordCommon`, the form rules); 429 with `Retry-After` after 5 attempts a day from
 * one IP (failed ones count too: invalid form, taken name or e-mail, failed bot check). Data:
 * lib/data/auth.ts register.
 */
export const POST = route({
  method: 'POST',
  path: '/api/register',
  summary: 'Creates an account and logs it in (sets the session cookie)',
  tags: ['accounts'],
  auth: 'public',
  sameOrigin: true,
  body: z.object({
    name: accountFields.name,
    email: accountFields.email,
    password: accountFields.password,
    password2: accountFields.password2,
    country: formText.meta({ description: 'Country id or ""' }),
    altcha: formText.meta({ description: 'The solved bot-check payload (GET /api/altcha)' }),
  }),
  responses: {
    200: jsonResponse('Registered; Set-Cookie discshelf_session', z.object({ user: dto('PublicUser') })),
    400: invalidResponseDoc,
    429: jsonResponse('Too many registration attempts from this address (Retry-After)', errorSchema),
  },
  handler: async ({ request, body }) => {
    const { altcha, ...input } = body;
    const r = await register(input, {
      ip: clientIp(request),
      userAgent: request.headers.get('user-agent'),
      botCheck: () => verifyBotCheck(altcha),
    });
    if (!r.ok) {
      if ('rateLimited' in r) throw new AppError('rate_limited', { seconds: r.rateLimited });
      return { ok: false, errors: r.errors };
    }
    const res = NextResponse.json({ user: r.user }, { headers: { 'cache-control': 'no-store' } });
    res.cookies.set(SESSION_COOKIE, r.token, sessionCookieOptions(r.expiresAt));
    return res;
  },
});
