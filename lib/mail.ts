import 'server-only';
/**
 * Outgoing mail through nodemailer. With SMTP_URL set (e.g. smtps://user:pass@smtp.example.com)
 * messages go to that server; without it each message is written as an RFC 822 file
 * `${DATA_DIR}/mail/<time>-<to>.eml` (readable with any mail program or a text editor), so
 * password-reset mail works on a fresh clone with no configuration. MAIL_FROM sets the sender
 * (default "DiscShelf <no-reply@localhost>").
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { dataDir } from '@/lib/config/data-dir';
import { fillPlaceholders } from '@/lib/format';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

/** A message to send: one recipient, a subject and a plain-text body. */
export type Mail = { to: string; subject: string; text: string };

/** Folder of the file transport (no SMTP_URL). */
export function mailDir(): string {
  return path.join(dataDir(), 'mail');
}

/**
 * Sends a message (SMTP) or writes it to the mail folder.
 * @returns where it went: 'smtp' or the file path
 * @throws the transport's error (SMTP refused, disk full)
 */
export async function sendMail(mail: Mail): Promise<string> {
  const from = process.env.MAIL_FROM || 'DiscShelf <no-reply@localhost>';
  if (process.env.SMTP_URL) {
    await nodemailer.createTransport(process.env.SMTP_URL).sendMail({ from, ...mail });
    return 'smtp';
  }
  const info = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail({ from, ...mail });
  const dir = mailDir();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`,
  );
  fs.writeFileSync(file, info.message as Buffer);
  return file;
}

const MAIL_MESSAGES = { en: en.mail, fi: fi.mail };

/**
 * A mail text of the `mail` message namespace in `locale` (en, else fi) with `{name}` placeholders
 * filled (mail templates are plain text without plural forms, so no ICU formatter is needed).
 */
export function mailText(locale: string, key: keyof typeof en.mail, params: Record<string, string | number>): string {
  const template: string = (locale === 'fi' ? MAIL_MESSAGES.fi : MAIL_MESSAGES.en)[key];
  return fillPlaceholders(template, params);
}
