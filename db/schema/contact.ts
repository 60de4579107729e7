import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { movies } from './movies';
import { releases } from './releases';
import { users } from './users';

/**
 * Messages sent through the contact forms (`/contact`, and `/movie/{id}/contact` and
 * `/release/{id}/contact` with the item attached): stored, mailed to the admins, read, answered by
 * mail and closed in `/admin/messages`. A visitor gives a name and an e-mail address to answer
 * to; a member's come from the account (`user_id`) and are not copied here.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    publicId: text().notNull(),
    /** The member who sent it (null for a visitor or a deleted account). */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A visitor's name and e-mail address (null for a member's message). */
    name: text(),
    email: text(),
    subject: text().notNull(),
    message: text().notNull(),
    movieId: integer().references(() => movies.id, { onDelete: 'set null' }),
    releaseId: integer().references(() => releases.id, { onDelete: 'set null' }),
    /** 'open', 'answered' or 'closed'. */
    status: text().notNull().default('open'),
    /** The admin's answer, as mailed. */
    answer: text(),
    answeredById: integer().references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_messages_public_id_key').on(t.publicId),
    // The admins' inbox: open messages first, newest first.
    index('contact_messages_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`status <> 'closed'`),
    index('contact_messages_user_idx').on(t.userId),
  ],
);
