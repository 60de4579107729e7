/**
 * The pure parts of read replicas: which statements a replica may run (db/read-routing.ts
 * isReadOnlySql, on hand-written SQL and on the SQL Drizzle generates for the app's schema), how
 * a replica's error is handled, LSN parsing, and the read-primary cookie and window of
 * lib/server/read-after-write.ts.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import * as schema from '@/db/schema';
import { isReadOnlySql, parseLsn, replicaFailure, sqlWithoutLiterals } from '@/db/read-routing';
import {
  DEFAULT_READ_AFTER_WRITE_SECONDS,
  READ_PRIMARY_COOKIE,
  readAfterWriteSeconds,
  readPrimaryCookie,
  readsPrimaryByCookie,
} from '@/lib/server/read-after-write';

describe('isReadOnlySql', () => {
  it('lets plain reads through', () => {
    for (const text of [
      'select 1',
      'SELECT * FROM releases WHERE id = $1',
      '  (SELECT a FROM t) UNION (SELECT b FROM u)',
      'WITH x AS (SELECT 1) SELECT * FROM x',
      'with recursive r(n) as (select 1 union all select n + 1 from r where n < 5) select n from r',
      'select count(*), lower(name), current_setting($1) from "releases" where "releases"."id" in ($2, $3)',
      '/* leading */ -- and a line comment\nselect 1',
      'select 1;',
      "select 'it''s' as a, E'back\\'slash' as b, $tag$ body $tag$ as c, $$ plain $$ as d",
      'select "updated_at", "deleted_at", "inserted" from "collection_entries"',
      'select u.updated_at, t.for_sale, shared from t join u on true',
    ])
      expect(isReadOnlySql(text), text).toBe(true);
  });

  it('sends writes and anything that is not SELECT or WITH to the primary', () => {
    for (const text of [
      'insert into t values (1)',
      'UPDATE t SET a = 1',
      'delete from t',
      'merge into t using u on t.id = u.id when matched then delete',
      'truncate t',
      'explain analyze select 1',
      'show statement_timeout',
      'set statement_timeout = 0',
      'values (1)',
      'begin',
      'lock table t',
      'refresh materialized view v',
      'copy t to stdout',
      'call do_something()',
      'do $$ begin perform 1; end $$',
      '',
      '   ',
    ])
      expect(isReadOnlySql(text), text).toBe(false);
  });

  it('finds data-modifying CTEs and SELECT INTO', () => {
    expect(isReadOnlySql('with d as (delete from t returning *) select * from d')).toBe(false);
    expect(isReadOnlySql('WITH u AS (UPDATE t SET a = 1 RETURNING id) SELECT id FROM u')).toBe(false);
    expect(isReadOnlySql('with i as (insert into t (a) values (1) returning id) select id from i')).toBe(false);
    expect(isReadOnlySql('with m as (merge into t using u on true when matched then do nothing) select 1')).toBe(false);
    expect(isReadOnlySql('select * into new_table from t')).toBe(false);
  });

  it('finds row locks', () => {
    expect(isReadOnlySql('select * from t for update')).toBe(false);
    expect(isReadOnlySql('select * from t FOR SHARE')).toBe(false);
    expect(isReadOnlySql('select * from t for no key update skip locked')).toBe(false);
    expect(isReadOnlySql('select * from t for\n  key   share nowait')).toBe(false);
    expect(isReadOnlySql('select * from t for update of t')).toBe(false);
  });

  it('finds functions with effects or session state, qualified or not', () => {
    for (const text of [
      "select nextval('releases_id_seq')",
      "select setval('s', 5)",
      'select currval($1), 1',
      'select lastval()',
      'select pg_advisory_xact_lock(42)',
      'select pg_try_advisory_lock(1)',
      'SELECT PG_NOTIFY($1, $2)',
      "select set_config('statement_timeout', '0', false)",
      'select txid_current()',
      'select pg_current_xact_id()',
      'select lo_import($1)',
      'select pg_catalog.nextval($1)',
      'select pg_sleep (1)',
      'select "nextval"($1)',
      "select * from dblink('x', 'insert into t values (1)') as r(a int)",
    ])
      expect(isReadOnlySql(text), text).toBe(false);
  });

  it('ignores the same words in comments, string literals, quoted identifiers and dollar quotes', () => {
    expect(isReadOnlySql("select 'insert into t; delete from u for update' as s")).toBe(true);
    expect(isReadOnlySql('select 1 -- update t set a = 1\n')).toBe(true);
    expect(isReadOnlySql('select /* nextval( delete /* nested update */ for share */ 1')).toBe(true);
    expect(isReadOnlySql('select "delete", "for update", "pg_notify" from t')).toBe(true);
    expect(isReadOnlySql("select $q$ insert into t $q$, e'\\' delete' as x")).toBe(true);
    expect(isReadOnlySql("select 'pg_advisory_lock(1)'")).toBe(true);
    expect(isReadOnlySql("select 'a''; delete from t; select ''' as x")).toBe(true);
  });

  it('is not fooled by literals that end early or never end', () => {
    expect(isReadOnlySql("select 'a' ; delete from t")).toBe(false);
    expect(isReadOnlySql("select 'never closed")).toBe(false);
    expect(isReadOnlySql('select "never closed')).toBe(false);
    expect(isReadOnlySql('select /* never closed')).toBe(false);
    expect(isReadOnlySql('select /* /* nested */ still open')).toBe(false);
    expect(isReadOnlySql('select $x$ never closed')).toBe(false);
    // A backslash ends no standard string: 'a\' is a whole literal and the DELETE is SQL.
    expect(isReadOnlySql("select 'a\\' ; delete from t")).toBe(false);
    // …but escapes one in an E'' string, so the literal runs on to the last quote.
    expect(isReadOnlySql("select E'a\\' ; delete from t'")).toBe(true);
    expect(isReadOnlySql('select 1; select 2')).toBe(false);
  });

  it('reads parameters ($1) as parameters, not dollar quotes', () => {
    expect(sqlWithoutLiterals('select $1, $2 from t where a = $3')).toBe('select $1, $2 from t where a = $3');
    expect(isReadOnlySql('select * from t where a = $1 and b = $2')).toBe(true);
  });

  it('classifies the SQL Drizzle generates for the schema', () => {
    const db = drizzle.mock({ schema, casing: 'snake_case' });
    const { releases, userSessions } = schema;
    const recent = db.$with('recent').as(db.select({ id: releases.id }).from(releases).limit(5));
    const reads = [
      db.select().from(releases).where(eq(releases.id, 1)).toSQL().sql,
      db.select({ id: releases.id }).from(releases).limit(10).offset(5).toSQL().sql,
      db.query.releases.findFirst({ where: eq(releases.id, 1) }).toSQL().sql,
      db.with(recent).select().from(recent).toSQL().sql,
      db
        .select({ n: sql<number>`count(*)` })
        .from(releases)
        .toSQL().sql,
    ];
    for (const text of reads) expect(isReadOnlySql(text), text).toBe(true);
    const writes = [
      db.update(userSessions).set({ lastUsedAt: new Date() }).where(eq(userSessions.id, 1)).toSQL().sql,
      db.delete(userSessions).where(eq(userSessions.id, 1)).toSQL().sql,
      db.select().from(releases).where(eq(releases.id, 1)).for('update').toSQL().sql,
      db.select().from(releases).for('share').toSQL().sql,
      db.select().from(releases).for('no key update').toSQL().sql,
      db.select().from(releases).for('key share').toSQL().sql,
    ];
    for (const text of writes) expect(isReadOnlySql(text), text).toBe(false);
  });
});

describe('replicaFailure', () => {
  it('pauses a replica that cannot be reached or is going away', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'CONNECTION_CLOSED',
      'CONNECTION_ENDED',
      'CONNECTION_DESTROYED',
      'CONNECT_TIMEOUT',
      '08006',
      '08001',
      '57P01',
      '57P03',
      '53300',
    ])
      expect(replicaFailure(Object.assign(new Error('x'), { code })), code).toBe('pause');
  });

  it('retries on the primary without a pause what only a standby refuses', () => {
    for (const code of ['40001', '25006', '0A000'])
      expect(replicaFailure(Object.assign(new Error('x'), { code })), code).toBe('retry');
  });

  it('leaves every other error to the caller (a timeout, bad SQL, a constraint)', () => {
    for (const code of ['57014', '42601', '42P01', '23505', '22P02'])
      expect(replicaFailure(Object.assign(new Error('x'), { code })), code).toBeNull();
    expect(replicaFailure(new Error('plain'))).toBeNull();
    expect(replicaFailure(null)).toBeNull();
    expect(replicaFailure('ECONNREFUSED')).toBeNull();
  });
});

describe('parseLsn', () => {
  it('reads the two hex halves as one byte position', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
  });

  it('gives null for null and anything else', () => {
    expect(parseLsn(null)).toBeNull();
    expect(parseLsn('')).toBeNull();
    expect(parseLsn('16B374D848')).toBeNull();
    expect(parseLsn('G/1')).toBeNull();
    expect(parseLsn(42)).toBeNull();
  });
});

describe('read-primary cookie', () => {
  const now = 1_800_000_000_000;
  const key = 'a shared AUTH_SECRET';

  it('reads the window from READ_AFTER_WRITE_SECONDS', () => {
    expect(DEFAULT_READ_AFTER_WRITE_SECONDS).toBe(5);
    expect(readAfterWriteSeconds({})).toBe(5);
    expect(readAfterWriteSeconds({ READ_AFTER_WRITE_SECONDS: '12' })).toBe(12);
    expect(readAfterWriteSeconds({ READ_AFTER_WRITE_SECONDS: '0' })).toBe(0);
    expect(readAfterWriteSeconds({ READ_AFTER_WRITE_SECONDS: '-1' })).toBe(5);
    expect(readAfterWriteSeconds({ READ_AFTER_WRITE_SECONDS: '2.5' })).toBe(5);
    expect(readAfterWriteSeconds({ READ_AFTER_WRITE_SECONDS: 'soon' })).toBe(5);
    expect(readAfterWriteSeconds({ READ_AFTER_WRITE_SECONDS: '86400' })).toBe(300);
  });

  it('sets an HttpOnly, SameSite=Lax cookie for the window, Secure when asked', () => {
    const c = readPrimaryCookie(now, 5, true, key);
    expect(c).toMatch(
      new RegExp(
        `^${READ_PRIMARY_COOKIE}=${now + 5000}\\.[A-Za-z0-9_-]{22}; Max-Age=5; Path=/; HttpOnly; SameSite=Lax; Secure$`,
      ),
    );
    expect(readPrimaryCookie(now, 5, false, key)).not.toContain('Secure');
    // The same window and key give the same value (every app server can check another's cookie).
    expect(readPrimaryCookie(now, 5, false, key).split(';')[0]).toBe(
      readPrimaryCookie(now, 5, true, key).split(';')[0],
    );
  });

  it('counts an unexpired cookie with a valid HMAC among others, and nothing else', () => {
    const value = readPrimaryCookie(now, 5, false, key).split(';')[0];
    expect(readsPrimaryByCookie(value, now, key)).toBe(true);
    expect(readsPrimaryByCookie(`a=1; ${value}; discshelf_session=x`, now + 4999, key)).toBe(true);
    expect(readsPrimaryByCookie(value, now + 5000, key)).toBe(false);
    expect(readsPrimaryByCookie(undefined, now, key)).toBe(false);
    expect(readsPrimaryByCookie('', now, key)).toBe(false);
    expect(readsPrimaryByCookie(`x${value}`, now, key)).toBe(false);
  });

  it('refuses made-up cookies: no HMAC, another key, another window, a window too far ahead', () => {
    const value = readPrimaryCookie(now, 5, false, key).split(';')[0];
    const mac = value.split('.')[1];
    expect(readsPrimaryByCookie(`${READ_PRIMARY_COOKIE}=${now + 1000}`, now, key)).toBe(false);
    expect(readsPrimaryByCookie(`${READ_PRIMARY_COOKIE}=soon`, now, key)).toBe(false);
    expect(readsPrimaryByCookie(value, now, 'another key')).toBe(false);
    expect(readsPrimaryByCookie(`${READ_PRIMARY_COOKIE}=${now + 4000}.${mac}`, now, key)).toBe(false);
    const far = readPrimaryCookie(now, 301, false, key).split(';')[0];
    expect(readsPrimaryByCookie(far, now, key)).toBe(false);
    expect(readsPrimaryByCookie(far, now + 2000, key)).toBe(true);
  });
});
