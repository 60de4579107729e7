/**
 * The contact forms and the admins' inbox on PGlite and PostgreSQL (lib/data/contact.ts, the
 * /api/contact routes): a member's and a visitor's message stored and mailed to every admin (the
 * mail transport's .eml files in a folder of the test's own), the item attached, pasted line breaks
 * kept out of the mail headers, the visitor's fields checked and the ALTCHA bot check required,
 * checked and single-use, the per-IP and per-account limits (429 with Retry-After), reads for
 * admins only (401 visitors, 403 members) with keyset pages and the state filter, the answer mailed
 * to the visitor's address or the member's account address (never shown), a closed message and a
 * deleted account refused (409), closing, and no e-mail address in any DTO or answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import { GET as altchaGet } from '@/app/api/altcha/route';
import { GET as contactGet, POST as contactPost } from '@/app/api/contact/route';
import { GET as messageGet } from '@/app/api/contact/[publicId]/route';
import { POST as answerPost } from '@/app/api/contact/[publicId]/answer/route';
import { POST as closePost } from '@/app/api/contact/[publicId]/close/route';
import {
  answerContactMessage,
  closeContactMessage,
  getContactMessage,
  listContactMessages,
  sendContactMessage,
  type ContactMessageDto,
} from '@/lib/data/contact';
import { RATE_LIMITS } from '@/lib/data/rate-limits';
import { deleteAccount } from '@/lib/data/users';
import { AppError } from '@/lib/errors';
import { singleLine } from '@/lib/one-line';
import { multiLine } from '@/lib/validation/contact';
import { openCommunityDb, ORIGIN, publicIdContext } from '../support/community';
import { assertPostgresConfiguredInCi, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember, type Member } from '../support/members';

assertPostgresConfiguredInCi();

const MOVIE = 'ctMovie0001';
const RELEASE = 'ctRelease01';
const HIDDEN_RELEASE = 'ctRelease02';

/** A POST to the API from the site's origin and `ip` (X-Forwarded-For), with a session cookie when given. */
function post(apiPath: string, body: unknown, opts: { ip?: string; cookie?: string } = {}): Request {
  return new Request(`${ORIGIN}${apiPath}`, {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-forwarded-for': opts.ip ?? '192.0.2.1',
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A GET of the API with a session cookie when given. */
function get(apiPath: string, cookie?: string): Request {
  return new Request(`${ORIGIN}${apiPath}`, { headers: cookie ? { cookie } : {} });
}

/** Solves a fresh challenge from GET /api/altcha as the widget does: the form value (base64 JSON). */
async function solvedAltcha(): Promise<string> {
  const res = await altchaGet(new Request(`${ORIGIN}/api/altcha`));
  expect(res.status).toBe(200);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A mail file as text: quoted-printable soft breaks joined and =XX escapes decoded as UTF-8. */
function decodeMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The header block of a mail with folded lines unfolded (a continuation line starts with white space). */
function headers(mail: string): string[] {
  const head = mail.split(/\r?\n\r?\n/)[0] ?? '';
  return head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}

describe.each(testEngines())('contact messages on %s', (engine) => {
  let h: DbHandle;
  let admin: Member;
  let admin2: Member;
  let member: Member;
  let n = 0;
  let mailRoot = '';

  /** The mails written since the test began, each as { to, text } (decoded), oldest first. */
  function mails(): { file: string; to: string; text: string }[] {
    const dir = path.join(mailRoot, 'mail');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .sort()
      .map((file) => {
        const text = decodeMail(fs.readFileSync(path.join(dir, file), 'utf8'));
        return { file, to: /^To: (.+)$/m.exec(text)?.[1]?.trim() ?? '', text };
      });
  }

  const fresh = (label = 'Sender') => registerMember(h.db, { label, n: ++n });
  const forgetLimits = () => h.db.execute(sql`DELETE FROM rate_limits`);

  beforeAll(async () => {
    ({ h, admin } = await openCommunityDb(engine, {
      movies: [{ publicId: MOVIE, name: 'Sisu', titleKey: 'sisu', year: 2022 }],
      releases: [
        { publicId: RELEASE, name: 'Sisu (Blu-ray)', format: 1, nameKey: 'sisu blu ray', movies: [MOVIE] },
        { publicId: HIDDEN_RELEASE, name: 'Sisu (4K)', format: 4, nameKey: 'sisu 4k', approved: false },
      ],
    }));
    admin2 = await registerMember(h.db, { label: 'Moderator', n: 2, role: 'admin' });
    member = await registerMember(h.db, { label: 'Member', n: 1 });
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    mailRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'contact-mail-'));
    vi.stubEnv('DATA_DIR', mailRoot);
    vi.stubEnv('SITE_URL', 'https://discshelf.example');
    await forgetLimits();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    fs.rmSync(mailRoot, { recursive: true, force: true });
  });

  it("a member's message: stored as the account (nothing copied), mailed to every admin without an address", async () => {
    const res = await contactPost(
      post(
        '/api/contact',
        {
          subject: 'Wrong runtime',
          message: 'The Blu-ray runs 91 minutes,\nnot 87.',
          release: RELEASE,
          locale: 'en',
          name: 'Ignored Name',
          email: 'ignored@example.fi',
        },
        { cookie: member.cookie },
      ),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: { public_id: string; subject: string; item: unknown } };
    expect(body.message).toMatchObject({
      subject: 'Wrong runtime',
      item: { type: 'release', public_id: RELEASE, name: 'Sisu (Blu-ray)' },
    });
    const [row] = await queryRows<Record<string, unknown>>(
      h.db,
      sql`SELECT user_id, name, email, status, message, release_id IS NOT NULL AS has_release
          FROM contact_messages WHERE public_id = ${body.message.public_id}`,
    );
    expect(row).toMatchObject({
      name: null,
      email: null,
      status: 'open',
      message: 'The Blu-ray runs 91 minutes,\nnot 87.',
    });
    expect(Number(row!.user_id)).toBe(member.actor.userId);
    expect(row!.has_release).toBe(true);

    const sent = mails();
    expect(sent.map((m) => m.to).sort()).toEqual(['moderator1@example.fi', 'moderator2@example.fi']);
    const text = sent[0]!.text;
    expect(headers(text)).toContain('Subject: DiscShelf contact: Wrong runtime');
    expect(text).toContain(`From: Member 1, a member (https://discshelf.example/user/${member.actor.publicId})`);
    expect(text).toContain(`About: Sisu (Blu-ray) (https://discshelf.example/release/${RELEASE})`);
    expect(text).toContain('The Blu-ray runs 91 minutes,\nnot 87.');
    expect(text).toContain(`https://discshelf.example/admin/messages/${body.message.public_id}`);
    expect(text).not.toContain('member1@example.fi');
    expect(text).not.toContain('ignored@example.fi');
  });

  it('the admins are mailed in the language of the form', async () => {
    const r = await sendContactMessage(
      member.actor,
      { subject: 'Kysymys', message: 'Onko tämä leikattu?', movie: MOVIE },
      { ip: '192.0.2.2', locale: 'fi', siteUrl: 'https://discshelf.example' },
      h.db,
    );
    expect(r.ok && r.mailed).toBe(2);
    const text = mails()[0]!.text;
    expect(text).toContain('Yhteydenottolomakkeella on lähetetty uusi viesti.');
    expect(text).toContain(`Koskee: Sisu (https://discshelf.example/fi/movie/${MOVIE})`);
    expect(text).toContain('https://discshelf.example/fi/admin/messages/');
  });

  it("a visitor's message: the bot check is required, checked and single-use; name and address stored", async () => {
    const form = {
      name: 'Vieras Videonen',
      email: 'Vieras@Example.fi',
      subject: 'Hello',
      message: 'A question',
      movie: '',
    };
    const missing = await contactPost(post('/api/contact', form, { ip: '192.0.2.10' }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fields: { _form: 'captchaMissing' } });
    const forged = await contactPost(
      post(
        '/api/contact',
        { ...form, altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') },
        { ip: '192.0.2.10' },
      ),
    );
    expect(await forged.json()).toMatchObject({ fields: { _form: 'captchaInvalid' } });
    expect(mails()).toEqual([]);
    expect(await queryRows(h.db, sql`SELECT 1 FROM contact_messages WHERE name = 'Vieras Videonen'`)).toEqual([]);

    const altcha = await solvedAltcha();
    // An invalid form is refused before the bot check: the solved payload is not spent on it.
    const invalid = await contactPost(
      post('/api/contact', { ...form, email: 'not-an-address', altcha }, { ip: '192.0.2.10' }),
    );
    expect(await invalid.json()).toMatchObject({ fields: { email: 'emailInvalid' } });
    const ok = await contactPost(post('/api/contact', { ...form, altcha }, { ip: '192.0.2.10' }));
    expect(ok.status).toBe(200);
    const { message } = (await ok.json()) as { message: { public_id: string; item: unknown } };
    expect(message.item).toBeNull();
    const replay = await contactPost(post('/api/contact', { ...form, altcha }, { ip: '192.0.2.11' }));
    expect(await replay.json()).toMatchObject({ fields: { _form: 'captchaInvalid' } });

    const [row] = await queryRows<{ user_id: number | null; name: string; email: string }>(
      h.db,
      sql`SELECT user_id, name, email FROM contact_messages WHERE public_id = ${message.public_id}`,
    );
    expect(row).toEqual({ user_id: null, name: 'Vieras Videonen', email: 'vieras@example.fi' });
    const sent = mails();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.text).toContain('From: Vieras Videonen, a visitor (not logged in)');
    expect(sent[0]!.text).not.toContain('vieras@example.fi');
  }, 60_000);

  it("a visitor's fields: name and a valid address required, lengths, one item at most, a known item", async () => {
    const visitor = (input: Record<string, string>) =>
      sendContactMessage(
        null,
        { name: 'V', email: 'v@example.fi', subject: 'S', message: 'M', ...input },
        { ip: `198.51.100.${++n}`, botCheck: async () => 'ok' },
        h.db,
      );
    expect(await visitor({ name: '  ' })).toEqual({ ok: false, errors: { name: 'required' } });
    expect(await visitor({ email: '' })).toEqual({ ok: false, errors: { email: 'required' } });
    expect(await visitor({ email: 'v@' })).toEqual({ ok: false, errors: { email: 'emailInvalid' } });
    expect(await visitor({ name: 'x'.repeat(101) })).toEqual({ ok: false, errors: { name: 'maxLength' } });
    expect(await visitor({ subject: 'x'.repeat(151) })).toEqual({ ok: false, errors: { subject: 'maxLength' } });
    expect(await visitor({ message: 'x'.repeat(5001) })).toEqual({ ok: false, errors: { message: 'maxLength' } });
    expect(await visitor({ message: '\n \r\n' })).toEqual({ ok: false, errors: { message: 'required' } });
    expect(await visitor({ movie: MOVIE, release: RELEASE })).toEqual({ ok: false, errors: { _form: 'invalid' } });
    expect(await visitor({ movie: 'noSuchMovie' })).toEqual({ ok: false, errors: { movie: 'invalid' } });
    expect(await visitor({ movie: '<bad id>' })).toEqual({ ok: false, errors: { movie: 'invalid' } });
    // A suggested release nobody approved yet is not there for the public.
    expect(await visitor({ release: HIDDEN_RELEASE })).toEqual({ ok: false, errors: { release: 'invalid' } });
    // The bot check's answers, after a valid form.
    const bot = (result: 'missing' | 'invalid') =>
      sendContactMessage(
        null,
        { name: 'V', email: 'v@example.fi', subject: 'S', message: 'M' },
        { ip: `198.51.100.${++n}`, botCheck: async () => result },
        h.db,
      );
    expect(await bot('missing')).toEqual({ ok: false, errors: { _form: 'captchaMissing' } });
    expect(await bot('invalid')).toEqual({ ok: false, errors: { _form: 'captchaInvalid' } });
    expect(
      await sendContactMessage(
        null,
        { name: 'V', email: 'v@example.fi', subject: 'S', message: 'M' },
        { ip: 'x' },
        h.db,
      ),
    ).toEqual({ ok: false, errors: { _form: 'captchaMissing' } });
    expect(mails()).toEqual([]);
    // A member needs neither a name nor an address.
    const r = await sendContactMessage(member.actor, { subject: 'S', message: 'M' }, { ip: 'x' }, h.db);
    expect(r.ok).toBe(true);
  });

  it('pasted line breaks and control characters stay out of the mail headers', async () => {
    expect(singleLine('Hello\r\nBcc: evil@example.com\u0000\u202e')).toBe('Hello Bcc: evil@example.com');
    expect(multiLine('a\r\nb\rc\u2028d\u0007\te ')).toBe('a\nb\nc\nd\te');
    const r = await sendContactMessage(
      null,
      {
        name: 'Evil\r\nCc: spam@example.com',
        email: 'evil@example.com',
        subject: 'Hello\r\nBcc: victim@example.com\r\n\r\nInjected body',
        message: 'Line one\r\nLine two',
      },
      { ip: '198.51.100.200', botCheck: async () => 'ok' },
      h.db,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.message.subject).toBe('Hello Bcc: victim@example.com Injected body');
    const [row] = await queryRows<{ name: string; subject: string; message: string }>(
      h.db,
      sql`SELECT name, subject, message FROM contact_messages WHERE public_id = ${r.message.public_id}`,
    );
    expect(row).toEqual({
      name: 'Evil Cc: spam@example.com',
      subject: 'Hello Bcc: victim@example.com Injected body',
      message: 'Line one\nLine two',
    });
    for (const { text } of mails()) {
      const lines = headers(text);
      expect(lines.filter((l) => /^(Bcc|Cc):/i.test(l))).toEqual([]);
      expect(lines).toContain('Subject: DiscShelf contact: Hello Bcc: victim@example.com Injected body');
    }
  });

  it('limits: a visitor 5 sends an hour per address (failed ones count), a member 10 messages an hour; 429 with Retry-After', async () => {
    expect(RATE_LIMITS.contactIp).toEqual({ points: 5, duration: 3600 });
    expect(RATE_LIMITS.contactMember).toEqual({ points: 10, duration: 3600 });
    const ip = '203.0.113.7';
    const visitorForm = { name: 'V', email: 'v@example.fi', subject: 'S', message: 'M' };
    // Four invalid attempts and one sent use up the address's five.
    for (let i = 0; i < 4; i++)
      expect((await contactPost(post('/api/contact', { ...visitorForm, name: '' }, { ip }))).status).toBe(400);
    expect(
      await sendContactMessage(null, visitorForm, { ip, botCheck: async () => 'ok' }, h.db).then((r) => r.ok),
    ).toBe(true);
    const limited = await contactPost(post('/api/contact', { ...visitorForm, altcha: await solvedAltcha() }, { ip }));
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(((await limited.json()) as { error: string }).error).toBe(
      `Too many attempts. Try again in ${wait} seconds.`,
    );
    // Another address is not limited.
    expect(
      (await sendContactMessage(null, visitorForm, { ip: '203.0.113.8', botCheck: async () => 'ok' }, h.db)).ok,
    ).toBe(true);

    const writer = await fresh('Writer');
    // An invalid message does not count for a member.
    expect((await sendContactMessage(writer.actor, { subject: '', message: 'M' }, { ip }, h.db)).ok).toBe(false);
    for (let i = 0; i < 10; i++)
      expect((await sendContactMessage(writer.actor, { subject: `S${i}`, message: 'M' }, { ip }, h.db)).ok).toBe(true);
    const res = await contactPost(
      post('/api/contact', { subject: 'One more', message: 'M' }, { cookie: writer.cookie }),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member is not limited by it.
    expect((await sendContactMessage(member.actor, { subject: 'S', message: 'M' }, { ip }, h.db)).ok).toBe(true);
  }, 60_000);

  it('reading the messages is for admins: 401 visitors, 403 members, in the API and the data layer', async () => {
    const r = await sendContactMessage(member.actor, { subject: 'Private', message: 'M' }, { ip: 'x' }, h.db);
    if (!r.ok) throw new Error('not sent');
    const id = r.message.public_id;
    expect((await contactGet(get('/api/contact'))).status).toBe(401);
    expect((await contactGet(get('/api/contact', member.cookie))).status).toBe(403);
    expect((await contactGet(get('/api/contact', admin.cookie))).status).toBe(200);
    expect((await messageGet(get(`/api/contact/${id}`), publicIdContext(id))).status).toBe(401);
    expect((await messageGet(get(`/api/contact/${id}`, member.cookie), publicIdContext(id))).status).toBe(403);
    expect((await messageGet(get(`/api/contact/${id}`, admin.cookie), publicIdContext(id))).status).toBe(200);
    expect((await messageGet(get('/api/contact/nothing00'), publicIdContext('nothing00'))).status).toBe(401);
    expect((await messageGet(get('/api/contact/nothing00', admin.cookie), publicIdContext('nothing00'))).status).toBe(
      404,
    );
    for (const [call, code] of [
      [() => listContactMessages(null, {}, {}, h.db), 'unauthorized'],
      [() => listContactMessages(member.actor, {}, {}, h.db), 'forbidden'],
      [() => getContactMessage(member.actor, id, h.db), 'forbidden'],
      [() => answerContactMessage(member.actor, id, { answer: 'x' }, h.db), 'forbidden'],
      [() => closeContactMessage(null, id, h.db), 'unauthorized'],
      [() => closeContactMessage(member.actor, id, h.db), 'forbidden'],
    ] as const) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(code);
    }
    // The sender's own message is not theirs to answer or close.
    expect(
      (
        await answerPost(
          post(`/api/contact/${id}/answer`, { answer: 'x' }, { cookie: member.cookie }),
          publicIdContext(id),
        )
      ).status,
    ).toBe(403);
    expect(
      (await closePost(post(`/api/contact/${id}/close`, {}, { cookie: member.cookie }), publicIdContext(id))).status,
    ).toBe(403);
    expect((await getContactMessage(admin.actor, id, h.db))?.status).toBe('open');
  });

  it('the list: newest first in keyset pages, open by default, filtered by state', async () => {
    await h.db.execute(sql`DELETE FROM contact_messages`);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await sendContactMessage(member.actor, { subject: `Message ${i}`, message: 'M' }, { ip: 'x' }, h.db);
      if (!r.ok) throw new Error('not sent');
      ids.push(r.message.public_id);
    }
    // Distinct times, oldest first as sent.
    for (const [i, id] of ids.entries())
      await h.db.execute(
        sql`UPDATE contact_messages SET created_at = now() - make_interval(mins => ${10 - i}) WHERE public_id = ${id}`,
      );
    await closeContactMessage(admin.actor, ids[1]!, h.db);
    await answerContactMessage(admin.actor, ids[2]!, { answer: 'Thanks' }, h.db);

    const first = await contactGet(get('/api/contact?limit=2', admin.cookie));
    const page1 = (await first.json()) as { items: ContactMessageDto[]; next_cursor: string | null };
    expect(page1.items.map((m) => m.public_id)).toEqual([ids[4], ids[3]]);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = (await (
      await contactGet(get(`/api/contact?limit=2&cursor=${page1.next_cursor}`, admin.cookie))
    ).json()) as { items: ContactMessageDto[]; next_cursor: string | null };
    expect(page2.items.map((m) => m.public_id)).toEqual([ids[0]]);
    expect(page2.next_cursor).toBeNull();

    const ofState = async (status: string) =>
      (
        (await (await contactGet(get(`/api/contact?status=${status}`, admin.cookie))).json()) as {
          items: ContactMessageDto[];
        }
      ).items.map((m) => m.public_id);
    expect(await ofState('answered')).toEqual([ids[2]]);
    expect(await ofState('closed')).toEqual([ids[1]]);
    expect(await ofState('all')).toEqual([...ids].reverse());
    expect((await contactGet(get('/api/contact?status=deleted', admin.cookie))).status).toBe(400);
    expect((await contactGet(get('/api/contact?cursor=forged', admin.cookie))).status).toBe(400);
  });

  it("an answer is mailed to a visitor's address, in the chosen language, and recorded", async () => {
    const sent = await sendContactMessage(
      null,
      { name: 'Vieras', email: 'Answer.Me@Example.fi', subject: 'Is it cut?', message: 'Is the VHS cut?' },
      { ip: '198.51.100.77', botCheck: async () => 'ok' },
      h.db,
    );
    if (!sent.ok) throw new Error('not sent');
    const id = sent.message.public_id;
    const before = mails().length;

    const empty = await answerPost(
      post(`/api/contact/${id}/answer`, { answer: '  ' }, { cookie: admin.cookie }),
      publicIdContext(id),
    );
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ fields: { answer: 'required' } });
    const unknown = await answerPost(
      post('/api/contact/nothing00/answer', { answer: 'x' }, { cookie: admin.cookie }),
      publicIdContext('nothing00'),
    );
    expect(unknown.status).toBe(404);
    expect(mails()).toHaveLength(before);

    const res = await answerPost(
      post(
        `/api/contact/${id}/answer`,
        { answer: 'Ei ole leikattu.\nTerveisin ylläpito', locale: 'fi' },
        { cookie: admin.cookie },
      ),
      publicIdContext(id),
    );
    expect(res.status).toBe(200);
    const dto = (await res.json()) as ContactMessageDto;
    expect(dto).toMatchObject({
      status: 'answered',
      answer: 'Ei ole leikattu.\nTerveisin ylläpito',
      answered_by: { public_id: admin.actor.publicId, name: 'Moderator 1' },
      sender: { kind: 'visitor', name: 'Vieras' },
      answerable: true,
    });
    expect(dto.answered_at).not.toBeNull();
    const answer = mails().filter((m) => m.to === 'answer.me@example.fi');
    expect(answer).toHaveLength(1);
    expect(headers(answer[0]!.text)).toContain('Subject: Vs: Is it cut?');
    expect(answer[0]!.text).toContain('Hei Vieras,');
    expect(answer[0]!.text).toContain('Ei ole leikattu.\nTerveisin ylläpito');
    expect(answer[0]!.text).toContain('Is the VHS cut?');
  });

  it("an answer to a member goes to the account's address; a deleted account cannot be answered (409)", async () => {
    const sender = await fresh('Asker');
    const sent = await sendContactMessage(
      sender.actor,
      { subject: 'Label name', message: 'Typo in the label' },
      { ip: 'x' },
      h.db,
    );
    if (!sent.ok) throw new Error('not sent');
    const id = sent.message.public_id;
    const r = await answerContactMessage(admin2.actor, id, { answer: 'Fixed, thanks!' }, h.db);
    expect(r && r.ok && r.message.answered_by?.name).toBe('Moderator 2');
    const answer = mails().filter((m) => m.to === `asker${n}@example.fi`);
    expect(answer).toHaveLength(1);
    expect(headers(answer[0]!.text)).toContain('Subject: Re: Label name');
    expect(answer[0]!.text).toContain(`Hello Asker ${n},`);
    expect(answer[0]!.text).toContain('Fixed, thanks!');

    const gone = await fresh('Leaver');
    const left = await sendContactMessage(gone.actor, { subject: 'Bye', message: 'M' }, { ip: 'x' }, h.db);
    if (!left.ok) throw new Error('not sent');
    expect(await deleteAccount(gone.actor, MEMBER_PASSWORD, h.db)).toEqual({ ok: true });
    const orphan = await getContactMessage(admin.actor, left.message.public_id, h.db);
    expect(orphan).toMatchObject({ sender: { kind: 'deleted' }, answerable: false, status: 'open' });
    const refused = await answerPost(
      post(`/api/contact/${left.message.public_id}/answer`, { answer: 'x' }, { cookie: admin.cookie }),
      publicIdContext(left.message.public_id),
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/no e-mail address/);
  });

  it('closing: the state and time, once; a closed message is not answered (409)', async () => {
    const sent = await sendContactMessage(member.actor, { subject: 'Done', message: 'M' }, { ip: 'x' }, h.db);
    if (!sent.ok) throw new Error('not sent');
    const id = sent.message.public_id;
    const res = await closePost(post(`/api/contact/${id}/close`, {}, { cookie: admin.cookie }), publicIdContext(id));
    expect(res.status).toBe(200);
    const closed = (await res.json()) as ContactMessageDto;
    expect(closed.status).toBe('closed');
    expect(closed.closed_at).not.toBeNull();
    const again = await closeContactMessage(admin.actor, id, h.db);
    expect(again?.closed_at).toBe(closed.closed_at);
    expect(
      (
        await closePost(
          post('/api/contact/nothing00/close', {}, { cookie: admin.cookie }),
          publicIdContext('nothing00'),
        )
      ).status,
    ).toBe(404);
    const before = mails().length;
    const refused = await answerPost(
      post(`/api/contact/${id}/answer`, { answer: 'Late' }, { cookie: admin.cookie }),
      publicIdContext(id),
    );
    expect(refused.status).toBe(409);
    expect(mails()).toHaveLength(before);
    const open = (await listContactMessages(admin.actor, { status: 'open' }, { limit: 100 }, h.db)).items;
    expect(open.map((m) => m.public_id)).not.toContain(id);
  });

  it('no e-mail address in any answer of the API: receipts, lists, one message, answers, closing', async () => {
    const visitorSent = await contactPost(
      post(
        '/api/contact',
        {
          name: 'Privacy',
          email: 'private.visitor@example.fi',
          subject: 'S',
          message: 'M',
          altcha: await solvedAltcha(),
        },
        { ip: '198.51.100.99' },
      ),
    );
    const memberSent = await contactPost(
      post('/api/contact', { subject: 'S', message: 'M' }, { cookie: member.cookie }),
    );
    const bodies = [await visitorSent.text(), await memberSent.text()];
    const ids = bodies.map((b) => (JSON.parse(b) as { message: { public_id: string } }).message.public_id);
    bodies.push(await (await contactGet(get('/api/contact?status=all&limit=100', admin.cookie))).text());
    for (const id of ids)
      bodies.push(await (await messageGet(get(`/api/contact/${id}`, admin.cookie), publicIdContext(id))).text());
    bodies.push(
      await (
        await answerPost(
          post(`/api/contact/${ids[0]}/answer`, { answer: 'A' }, { cookie: admin.cookie }),
          publicIdContext(ids[0]!),
        )
      ).text(),
      await (
        await answerPost(
          post(`/api/contact/${ids[1]}/answer`, { answer: 'A' }, { cookie: admin.cookie }),
          publicIdContext(ids[1]!),
        )
      ).text(),
      await (
        await closePost(post(`/api/contact/${ids[1]}/close`, {}, { cookie: admin.cookie }), publicIdContext(ids[1]!))
      ).text(),
    );
    expect(bodies).toHaveLength(8);
    for (const body of bodies) {
      expect(body).not.toMatch(/@example\.fi/);
      expect(body).not.toMatch(/"email"/);
    }
    // The answers did go out, to the addresses the responses never showed.
    expect(mails().map((m) => m.to)).toEqual(
      expect.arrayContaining(['private.visitor@example.fi', 'member1@example.fi']),
    );
  }, 60_000);
});
