/**
 * What members write cannot add lines to a mail sent from the site's address: a name or headline
 * holding line breaks (a name stored before names refused them, a Facebook or Google profile name,
 * a headline) reaches the daily digest as one line, and registration refuses a name with a line
 * break or another control character. On PGlite and PostgreSQL; the digest is written as an .eml
 * file (no SMTP_URL) and read back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@/db';
import { registerUser } from '@/lib/data/users';
import { inTransaction, publish } from '@/lib/data/events';
import { sendDigests } from '@/lib/data/notifications';
import { singleLine } from '@/lib/one-line';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { MEMBER_PASSWORD, registerMember } from '../support/members';

vi.mock('@/lib/realtime/server', () => ({
  pushNotification: async () => {},
  pushPendingChanges: async () => {},
  authorizeChannel: () => ({ auth: 'test' }),
}));

assertPostgresConfiguredInCi();

describe('one line', () => {
  it('turns line breaks, other control characters and bidi marks into one space', () => {
    expect(singleLine('Matti\r\nBcc: all@example.com')).toBe('Matti Bcc: all@example.com');
    expect(singleLine('A\u2028B\u0000C\u202eD\tE')).toBe('A B C D E');
    expect(singleLine('  Plain name  ')).toBe('Plain name');
  });
});

describe.each(testEngines())('mail text on %s', (engine) => {
  let h: DbHandle;
  let mailRoot: string;

  beforeAll(async () => {
    h = await createTestDb(engine);
    mailRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-text-'));
    vi.stubEnv('DATA_DIR', mailRoot);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    fs.rmSync(mailRoot, { recursive: true, force: true });
    await h?.close();
  });

  it('refuses a user name with a line break or a control character at registration', async () => {
    for (const name of ['Matti\nAdmin', 'Matti\u0007', 'Mat\u2028ti']) {
      const r = await registerUser(
        { name, email: `ctl${name.length}@example.fi`, password: MEMBER_PASSWORD, password2: MEMBER_PASSWORD },
        {},
        h.db,
      );
      expect(r).toMatchObject({ ok: false, errors: { name: 'invalid' } });
    }
  });

  it('pastes a name holding line breaks into the digest as one line', async () => {
    const [to, from] = [
      await registerMember(h.db, { label: 'Mailed', n: 1 }),
      await registerMember(h.db, { label: 'Sender', n: 1 }),
    ];
    // A name stored before the rule (or given by a sign-in provider) with lines of its own.
    const injected = 'Sender\r\n\r\nYour account is locked: log in at https://evil.example\r\nBcc: x@example.com';
    await h.db.execute(sql`UPDATE users SET name = ${injected} WHERE id = ${from.actor.userId}`);
    await inTransaction(h.db, (tx) =>
      publish(tx, 'friendship.changed', {
        friendshipId: 1,
        requesterId: from.actor.userId,
        addresseeId: to.actor.userId,
        from: null,
        to: 'invited',
        byUserId: from.actor.userId,
      }),
    );
    expect(await sendDigests(h.db, { siteUrl: 'https://discshelf.example' })).toMatchObject({ members: 1, failed: 0 });
    const dir = path.join(mailRoot, 'mail');
    const [file] = fs.readdirSync(dir).filter((f) => f.includes('mailed1'));
    const mail = fs.readFileSync(path.join(dir, file!), 'utf8');
    const body = mail.slice(mail.indexOf('\n\n') + 2).replace(/=\r?\n/g, '');
    const lines = body.split(/\r?\n/);
    expect(lines.some((l) => l.startsWith('Your account is locked'))).toBe(false);
    expect(lines.some((l) => l.startsWith('Bcc:'))).toBe(false);
    expect(
      lines.filter((l) => l.includes('Sender Your account is locked: log in at https://evil.example Bcc:')),
    ).toHaveLength(2);
  });
});
