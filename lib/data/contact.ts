import 'server-only';
/**
 * The contact forms' messages (`/contact`, `/movie/{id}/contact`, `/release/{id}/contact`;
 * table `contact_messages`): anyone sends one (a visitor with a name, an e-mail address and the bot
 * check; a member as the account), it is stored and mailed to every admin; admins read them in
 * `/admin/messages`, answer by mail and close them.
 *
 * E-mail addresses never leave this module: no DTO carries the visitor's address or the member's
 * account address, and the admins' mail names the sender without one; an answer is mailed by the
 * app to the address it looks up here.
 *
 * Limits (lib/data/rate-limits.ts): a visitor 5 sends an hour per IP address, failed ones included
 * (`contactIp`); a member 10 sent messages an hour (`contactMember`). Results carry field problems
 * as message keys of `forms`, or `rateLimited` with the seconds to wait (HTTP 429 `Retry-After`).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { requireAllowed, type Actor } from '@/lib/auth/actor';
import { canHandleContactMessages, canSendContactMessage } from '@/lib/auth/policies';
import { AppError, fieldErrors } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { logError } from '@/lib/log';
import { singleLine } from '@/lib/one-line';
import { mailText, sendMail } from '@/lib/mail';
import { siteTimeZone } from '@/lib/time-zone';
import {
  contactAnswerSchema,
  contactMessageSchema,
  contactVisitorSchema,
  type ContactAnswerInput,
  type ContactInput,
  type ContactMailLocale,
  type ContactStatus,
} from '@/lib/validation/contact';
import type { FieldErrors } from '@/lib/validation/users';
import type { BotCheckResult } from './auth';
import { keysetRows, pageOf, type KeyedRow, type KeysetSort, type Paging } from './keyset';
import { newPublicId } from './public-id';
import { hitLimit } from './rate-limits';
import { queryRows, resolveDb } from './sql';
import type { Page } from './types';

export type { ContactStatus };

/**
 * Who sent a message: a member (public id and name, linked to the profile), a visitor (the name
 * given on the form), or a member whose account has since been deleted. Never an e-mail address.
 */
export type ContactSender =
  | { kind: 'member'; user: { public_id: string; name: string } }
  | { kind: 'visitor'; name: string }
  | { kind: 'deleted' };

/** The catalogue item a message is about (sent from its contact page): its kind, public id and name. */
export type ContactItemRef = { type: 'movie' | 'release'; public_id: string; name: string };

/**
 * A contact message as admins read it (`GET /api/contact`, `/admin/messages`). Times are ISO 8601
 * strings; `answer` is the text mailed, `answered_by` the admin who sent it (null before an answer
 * or when that account is gone); `answerable` is false when there is no address to mail an answer
 * to (a member's account deleted since). No e-mail address, the sender's or anyone's.
 */
export type ContactMessageDto = {
  public_id: string;
  sender: ContactSender;
  subject: string;
  message: string;
  item: ContactItemRef | null;
  status: ContactStatus;
  answer: string | null;
  answered_by: { public_id: string; name: string } | null;
  answered_at: string | null;
  closed_at: string | null;
  created_at: string;
  answerable: boolean;
};

/** What the sender gets back: the stored message's public id, subject, item and time (ISO 8601). */
export type ContactReceipt = { public_id: string; subject: string; item: ContactItemRef | null; created_at: string };

/** Who sends and how the data layer reaches them. */
export type ContactMeta = {
  /** The client address, for a visitor's per-IP limit. */
  ip: string;
  /** The language of the form (en or fi): the admins' mail is written in it. Default en. */
  locale?: ContactMailLocale;
  /**
   * The bot check of a visitor's send (the route passes lib/auth/bot-check.ts verifyBotCheck of the
   * form's `altcha` payload): run once the form is valid; left out, a visitor's send is refused as
   * `captchaMissing`. Members have none.
   */
  botCheck?: () => Promise<BotCheckResult>;
  /** Origin of the links in the admins' mail (default SITE_URL, else http://localhost:3000). */
  siteUrl?: string;
};

/**
 * Outcome of {@link sendContactMessage}: the receipt and how many admins were mailed; field
 * problems (message keys of `forms`, per field or `_form`); or the seconds to wait.
 */
export type ContactSendResult =
  | { ok: true; message: ContactReceipt; mailed: number }
  | { ok: false; errors: FieldErrors }
  | { ok: false; rateLimited: number };

/** Outcome of {@link answerContactMessage}: the answered message, or field problems of the answer. */
export type ContactAnswerResult = { ok: true; message: ContactMessageDto } | { ok: false; errors: FieldErrors };

/** Filters of the admins' list: one state, or every message (`null`). */
export type ContactListQuery = { status?: ContactStatus | null };

type ContactRow = {
  id: number;
  public_id: string;
  subject: string;
  message: string;
  status: ContactStatus;
  answer: string | null;
  answered_at: string | Date | null;
  closed_at: string | Date | null;
  created_at: string | Date;
  visitor_name: string | null;
  user_public_id: string | null;
  user_name: string | null;
  movie_public_id: string | null;
  movie_name: string | null;
  release_public_id: string | null;
  release_name: string | null;
  answerer_public_id: string | null;
  answerer_name: string | null;
  answerable: boolean;
};

/** The DTO's columns: explicit, and no e-mail address among them. */
const COLUMNS = sql`m.id, m.public_id, m.subject, m.message, m.status, m.answer, m.answered_at, m.closed_at,
  m.created_at, m.name AS visitor_name, u.public_id AS user_public_id, u.name AS user_name,
  mo.public_id AS movie_public_id, mo.name AS movie_name, r.public_id AS release_public_id, r.name AS release_name,
  a.public_id AS answerer_public_id, a.name AS answerer_name, (m.email IS NOT NULL OR u.id IS NOT NULL) AS answerable`;
const FROM = sql`contact_messages m
  LEFT JOIN users u ON u.id = m.user_id
  LEFT JOIN movies mo ON mo.id = m.movie_id
  LEFT JOIN releases r ON r.id = m.release_id
  LEFT JOIN users a ON a.id = m.answered_by_id`;

const iso = (v: string | Date | null): string | null => (v == null ? null : new Date(v).toISOString());

function toDto(r: ContactRow): ContactMessageDto {
  const sender: ContactSender = r.user_public_id
    ? { kind: 'member', user: { public_id: r.user_public_id, name: r.user_name ?? '' } }
    : r.visitor_name
      ? { kind: 'visitor', name: r.visitor_name }
      : { kind: 'deleted' };
  const item: ContactItemRef | null = r.movie_public_id
    ? { type: 'movie', public_id: r.movie_public_id, name: r.movie_name ?? '' }
    : r.release_public_id
      ? { type: 'release', public_id: r.release_public_id, name: r.release_name ?? '' }
      : null;
  return {
    public_id: r.public_id,
    sender,
    subject: r.subject,
    message: r.message,
    item,
    status: r.status,
    answer: r.answer,
    answered_by: r.answerer_public_id ? { public_id: r.answerer_public_id, name: r.answerer_name ?? '' } : null,
    answered_at: iso(r.answered_at),
    closed_at: iso(r.closed_at),
    created_at: iso(r.created_at) ?? '',
    answerable: Boolean(r.answerable),
  };
}

/**
 * The actor, when it may handle contact messages.
 * @throws AppError unauthorized (401) for a visitor; forbidden (403) for a member who is not an admin
 */
function requireHandler(actor: Actor | null | undefined): Actor {
  return requireAllowed(actor, canHandleContactMessages(actor));
}

/** Links' origin without a trailing slash, and the locale's path prefix. */
function siteBase(siteUrl: string | undefined, locale: ContactMailLocale): string {
  const site = (siteUrl ?? process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  return `${site}${locale === 'fi' ? '/fi' : ''}`;
}

/** The visible catalogue item of a public id (a movie not deleted; a release approved and not deleted), or null. */
async function findItem(
  d: Db,
  type: 'movie' | 'release',
  publicId: string,
): Promise<{ id: number; ref: ContactItemRef } | null> {
  const rows =
    type === 'movie'
      ? await queryRows<{ id: number; name: string }>(
          d,
          sql`SELECT id, name FROM movies WHERE public_id = ${publicId} AND deleted_at IS NULL`,
        )
      : await queryRows<{ id: number; name: string }>(
          d,
          sql`SELECT id, name FROM releases WHERE public_id = ${publicId} AND approved AND deleted_at IS NULL`,
        );
  const row = rows[0];
  return row ? { id: Number(row.id), ref: { type, public_id: publicId, name: row.name } } : null;
}

/**
 * Mails a new message to every admin (role admin, a deliverable address) in `locale`: subject
 * "DiscShelf contact: {subject}" (one line), the sender (a member's name and profile link, or a
 * visitor's name; never an address), the item with its link, the text, and the link to the
 * message in `/admin/messages`. A failed send is logged and skipped: the message is stored and
 * waits in the inbox either way.
 * @returns how many admins were mailed
 */
async function mailAdmins(
  d: Db,
  m: { publicId: string; subject: string; message: string; item: ContactItemRef | null },
  from: { member: { publicId: string; name: string } | null; visitorName: string | null },
  locale: ContactMailLocale,
  siteUrl: string | undefined,
): Promise<number> {
  const admins = await queryRows<{ email: string }>(
    d,
    sql`SELECT email FROM users WHERE role = 'admin' AND email NOT LIKE '%.invalid' ORDER BY id`,
  );
  if (!admins.length) return 0;
  const base = siteBase(siteUrl, locale);
  const sender = from.member
    ? mailText(locale, 'contactFromMember', {
        name: singleLine(from.member.name),
        link: `${base}/user/${from.member.publicId}`,
      })
    : mailText(locale, 'contactFromVisitor', { name: singleLine(from.visitorName ?? '') });
  const about = m.item
    ? `${mailText(locale, 'contactAbout', {
        name: singleLine(m.item.name),
        link: `${base}/${m.item.type}/${m.item.public_id}`,
      })}\n`
    : '';
  const subject = singleLine(mailText(locale, 'contactAdminSubject', { subject: m.subject }));
  const text = mailText(locale, 'contactAdminBody', {
    from: sender,
    about,
    subject: m.subject,
    message: m.message,
    link: `${base}/admin/messages/${m.publicId}`,
  });
  let mailed = 0;
  for (const admin of admins) {
    try {
      await sendMail({ to: admin.email, subject, text });
      mailed++;
    } catch (error) {
      logError('contact message not mailed to an admin; it waits in /admin/messages', error);
    }
  }
  return mailed;
}

/**
 * Sends a message through a contact form: checks it, stores it (status open) and mails every
 * admin (see the module doc for the limits).
 *
 * A visitor (`actor` null): the per-IP limit counts the attempt first, then the form must be valid
 * (`name` 1-100 characters, `email` a valid address, `subject` 1-150, `message` 1-5000; the item, if
 * any, must exist), then `meta.botCheck` must pass (`_form: captchaMissing | captchaInvalid`); the
 * name and address are stored with the message. A member: the form must be valid, then the
 * per-account limit counts the message; `name` and `email` are ignored (the account's are used
 * when answering, and are not copied). An unknown, deleted or unapproved item: `movie` or `release`
 * `invalid`. One-line fields lose control characters and line breaks (lib/validation/contact.ts),
 * so nothing typed reaches a mail header.
 * Everyone may send one (lib/auth/policies.ts canSendContactMessage).
 * @returns the receipt and the number of admins mailed (a failed mail is logged, not an error),
 *   field problems, or the seconds to wait (HTTP 429)
 * @throws AppError forbidden when the policy refuses the actor; database errors
 */
export async function sendContactMessage(
  actor: Actor | null,
  input: ContactInput,
  meta: ContactMeta,
  db?: Db,
): Promise<ContactSendResult> {
  if (!canSendContactMessage(actor)) throw new AppError('forbidden');
  const d = await resolveDb(db);
  const locale = meta.locale ?? 'en';
  let visitor: { name: string; email: string } | null = null;
  let fields: { subject: string; message: string; movie: string | null; release: string | null };
  if (!actor) {
    const limit = await hitLimit('contactIp', meta.ip, d);
    if (!limit.ok) return { ok: false, rateLimited: limit.retryAfter };
    const parsed = contactVisitorSchema.safeParse(input);
    if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
    const { name, email, ...rest } = parsed.data;
    visitor = { name, email };
    fields = rest;
  } else {
    const parsed = contactMessageSchema.safeParse(input);
    if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
    fields = parsed.data;
  }

  let item: { id: number; ref: ContactItemRef } | null = null;
  if (fields.movie) {
    item = await findItem(d, 'movie', fields.movie);
    if (!item) return { ok: false, errors: { movie: 'invalid' } };
  } else if (fields.release) {
    item = await findItem(d, 'release', fields.release);
    if (!item) return { ok: false, errors: { release: 'invalid' } };
  }

  if (!actor) {
    const bot = meta.botCheck ? await meta.botCheck() : 'missing';
    if (bot !== 'ok') return { ok: false, errors: { _form: bot === 'missing' ? 'captchaMissing' : 'captchaInvalid' } };
  } else {
    const limit = await hitLimit('contactMember', String(actor.userId), d);
    if (!limit.ok) return { ok: false, rateLimited: limit.retryAfter };
  }

  const publicId = newPublicId();
  const [row] = await queryRows<{ created_at: string | Date }>(
    d,
    sql`INSERT INTO contact_messages (public_id, user_id, name, email, subject, message, movie_id, release_id)
        VALUES (${publicId}, ${actor?.userId ?? null}, ${visitor?.name ?? null}, ${visitor?.email ?? null},
                ${fields.subject}, ${fields.message},
                ${item?.ref.type === 'movie' ? item.id : null}, ${item?.ref.type === 'release' ? item.id : null})
        RETURNING created_at`,
  );
  const mailed = await mailAdmins(
    d,
    { publicId, subject: fields.subject, message: fields.message, item: item?.ref ?? null },
    { member: actor ? { publicId: actor.publicId, name: actor.name } : null, visitorName: visitor?.name ?? null },
    locale,
    meta.siteUrl,
  );
  return {
    ok: true,
    message: {
      public_id: publicId,
      subject: fields.subject,
      item: item?.ref ?? null,
      created_at: iso(row?.created_at ?? new Date()) ?? '',
    },
    mailed,
  };
}

/** Sort of the admins' list: newest first (index contact_messages_open_idx for the messages not closed). */
const NEWEST: KeysetSort = { name: 'contact_newest', expr: sql`m.created_at`, cast: 'timestamptz', dir: 'desc' };

/**
 * One page of contact messages for an admin, newest first: those in `query.status` ('open',
 * 'answered' or 'closed'), or every message when it is null. Keyset paging on (created_at, id);
 * `page.limit` default 24.
 * @returns `{ items, next_cursor }`
 * @throws AppError unauthorized (visitor), forbidden (not an admin), bad_cursor
 */
export async function listContactMessages(
  actor: Actor | null,
  query: ContactListQuery = {},
  page: Paging = {},
  db?: Db,
): Promise<Page<ContactMessageDto>> {
  requireHandler(actor);
  const d = await resolveDb(db);
  const limit = page.limit ?? 24;
  const conds = query.status ? [sql`m.status = ${query.status}`] : [];
  // The page's ids are found in contact_messages alone (the joins only add names).
  const rows = await keysetRows<ContactRow & KeyedRow>(d, {
    columns: COLUMNS,
    from: FROM,
    idsFirst: true,
    idsFrom: sql`contact_messages m`,
    conds,
    sort: NEWEST,
    idCol: sql`m.id`,
    cursor: page.cursor,
    limit,
  });
  return pageOf(rows, { limit, sort: NEWEST }, toDto);
}

/**
 * One contact message for an admin.
 * @returns the message, or null for an unknown public id
 * @throws AppError unauthorized (visitor), forbidden (not an admin)
 */
export async function getContactMessage(
  actor: Actor | null,
  publicId: string,
  db?: Db,
): Promise<ContactMessageDto | null> {
  requireHandler(actor);
  const d = await resolveDb(db);
  const [row] = await queryRows<ContactRow>(d, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE m.public_id = ${publicId}`);
  return row ? toDto(row) : null;
}

/**
 * An admin answers a message: the answer (1-10000 characters) is mailed to the sender (a visitor's
 * address as given, a member's account address, looked up here and never returned) with the
 * original message quoted, in `input.locale` (en or fi: the mail's own words; the answer is sent as
 * written), then stored with the admin and the time; the message becomes 'answered'. Answering
 * again sends another mail and keeps the latest answer. The mail goes first: when the transport
 * fails, the error is thrown and nothing is recorded.
 * @returns the answered message, field problems (`answer: required | maxLength`), or null for an
 *   unknown public id
 * @throws AppError unauthorized (visitor), forbidden (not an admin), contact_closed (409, a closed
 *   message), contact_no_address (409, the member's account was deleted); the mail transport's error
 */
export async function answerContactMessage(
  actor: Actor | null,
  publicId: string,
  input: ContactAnswerInput,
  db?: Db,
): Promise<ContactAnswerResult | null> {
  const admin = requireHandler(actor);
  const parsed = contactAnswerSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const { answer, locale } = parsed.data;
  const d = await resolveDb(db);
  const [row] = await queryRows<{
    id: number;
    status: ContactStatus;
    subject: string;
    message: string;
    created_at: string | Date;
    name: string | null;
    address: string | null;
  }>(
    d,
    sql`SELECT m.id, m.status, m.subject, m.message, m.created_at,
               COALESCE(m.name, u.name) AS name, COALESCE(m.email, u.email) AS address
        FROM contact_messages m LEFT JOIN users u ON u.id = m.user_id
        WHERE m.public_id = ${publicId}`,
  );
  if (!row) return null;
  if (row.status === 'closed') throw new AppError('contact_closed');
  if (!row.address) throw new AppError('contact_no_address');
  await sendMail({
    to: row.address,
    subject: singleLine(mailText(locale, 'contactAnswerSubject', { subject: row.subject })),
    text: mailText(locale, 'contactAnswerBody', {
      name: singleLine(row.name ?? ''),
      answer,
      date: formatDateTime(row.created_at, locale, siteTimeZone()),
      subject: row.subject,
      message: row.message,
    }),
  });
  const updated = await queryRows<{ id: number }>(
    d,
    sql`UPDATE contact_messages
        SET status = 'answered', answer = ${answer}, answered_by_id = ${admin.userId}, answered_at = now()
        WHERE id = ${Number(row.id)} AND status <> 'closed' RETURNING id`,
  );
  // Closed by another admin while the mail went out: the mail is sent, the message stays closed.
  if (!updated.length) throw new AppError('contact_closed');
  const message = await getContactMessage(admin, publicId, d);
  return message ? { ok: true, message } : null;
}

/**
 * An admin closes a message (done with it, answered or not): status 'closed' and the time. Closing
 * a closed message changes nothing.
 * @returns the message, or null for an unknown public id
 * @throws AppError unauthorized (visitor), forbidden (not an admin)
 */
export async function closeContactMessage(
  actor: Actor | null,
  publicId: string,
  db?: Db,
): Promise<ContactMessageDto | null> {
  const admin = requireHandler(actor);
  const d = await resolveDb(db);
  await d.execute(
    sql`UPDATE contact_messages SET status = 'closed', closed_at = now()
        WHERE public_id = ${publicId} AND status <> 'closed'`,
  );
  return getContactMessage(admin, publicId, d);
}
