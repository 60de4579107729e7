/**
 * Malformed input answers 4xx, never 5xx, on real routes and both engines: forged keyset cursors
 * whose sort key the SQL cast would refuse (impossible dates and times, integers past the column,
 * NUL) answer 400 bad_cursor (and the data layer the pages call throws AppError bad_cursor, which
 * every listing page turns into its first page); ids past 2^31 - 1 in session, token and entry
 * paths answer 404; raw `%FF` and NUL in a query or path answer 400; and bodies over their cap,
 * chunked without a Content-Length, answer 413 after reading no more than the cap (JSON, a form
 * for Auth.js, picture upload, collection import), the rest of the stream cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db';
import { POST as authPost } from '@/app/api/auth/[...nextauth]/route';
import { POST as collectionsPost } from '@/app/api/collections/route';
import { DELETE as entryDelete, PATCH as entryPatch } from '@/app/api/collections/[publicId]/entries/[entryId]/route';
import { POST as importsPost } from '@/app/api/collections/[publicId]/imports/route';
import { POST as picturePost } from '@/app/api/me/picture/route';
import { DELETE as sessionDelete } from '@/app/api/me/sessions/[id]/route';
import { DELETE as tokenDelete } from '@/app/api/me/tokens/[id]/route';
import { GET as releasesGet } from '@/app/api/releases/route';
import { GET as releaseGet } from '@/app/api/releases/[publicId]/route';
import { GET as reviewsGet } from '@/app/api/reviews/route';
import { GET as titlesGet } from '@/app/api/titles/route';
import { GET as usersGet } from '@/app/api/users/route';
import { addEntry, createCollection } from '@/lib/data/collections';
import { listReleases } from '@/lib/data/releases';
import { listUsers } from '@/lib/data/users';
import { AppError, apiMessage } from '@/lib/errors';
import { IMPORT_MAX_BYTES } from '@/lib/validation/collection-limits';
import { PICTURE_MAX_BYTES } from '@/lib/validation/limits';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { registerMember, type Member } from '../support/members';
import { FIX, insertFixtures, useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

const ORIGIN = 'http://localhost';
const KB = 1024;
const BAD_CURSOR = apiMessage('badCursor');
const BAD_TEXT = apiMessage('badText');

/** A cursor as lib/data/keyset.ts encodes it: base64url of [sort name, sort key, id]. */
const cursor = (sort: string, key: string | null, id: number) =>
  Buffer.from(JSON.stringify([sort, key, id]), 'utf8').toString('base64url');

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function expectAnswer(res: Response, status: number, error?: string): Promise<void> {
  const body = (await res.json()) as { error: string };
  expect([res.status, error === undefined ? undefined : body.error]).toEqual([status, error]);
}

/**
 * A chunked body (no Content-Length): `head` first, then 64 KB chunks up to `max` of them,
 * recording how many were pulled and whether the reader cancelled the stream.
 */
function chunkedBody(head: string, max: number) {
  const state = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(64 * KB).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === 0) controller.enqueue(new TextEncoder().encode(head));
      if (state.pulled >= max) controller.close();
      else controller.enqueue(chunk);
      state.pulled++;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe.each(testEngines())('malformed input on %s', (engine) => {
  let h: DbHandle;
  let member: Member;
  let shelf: string;
  let entryId: number;

  const req = (path: string, init: RequestInit & { cookie?: string } = {}) => {
    const { cookie, headers, ...rest } = init;
    return new Request(`${ORIGIN}${path}`, {
      ...rest,
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...(headers as Record<string, string>) },
    });
  };
  const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
    await insertFixtures(h.db);
    member = await registerMember(h.db, { label: 'Malformed', n: 1 });
    const c = await createCollection(
      member.actor,
      {
        name: 'Shelf',
        description: null,
        visibility: 'public',
        category: 'releases',
        style: 1,
        shortcut_default: false,
      },
      h.db,
    );
    if (!c.ok) throw new Error(JSON.stringify(c.errors));
    shelf = c.collection.public_id;
    const e = await addEntry(
      member.actor,
      { collection: shelf, item: { type: 'release', publicId: FIX.upcRelease } },
      h.db,
    );
    if (!e.ok) throw new Error(JSON.stringify(e.errors));
    entryId = e.entry.id;
  });

  afterAll(async () => {
    await h?.close();
  });

  describe('forged cursors answer 400 bad_cursor', () => {
    const cases: [string, Handler, string, string, string | null, number][] = [
      ['a date cursor with month 13 and day 45', releasesGet, '', 'date_desc', '2024-13-45', 5],
      ['a date cursor of 30 February', releasesGet, '', 'date_desc', '2024-02-30', 5],
      ['a date cursor of year 0', releasesGet, '', 'date_desc', '0000-01-01', 5],
      ['an integer key past 2^31 - 1', titlesGet, 'so=year_desc&', 'year_desc', '99999999999', 5],
      ['an integer key below -2^31', titlesGet, 'so=year_desc&', 'year_desc', '-2147483649', 5],
      ['a timestamp at hour 25', reviewsGet, '', 'new', '2024-01-01 25:00:00+00', 5],
      ['a timestamp at minute 61', reviewsGet, '', 'new', '2024-01-01 10:61:00+00', 5],
      ['a timestamp with offset +99', reviewsGet, '', 'new', '2024-01-01 10:00:00+99', 5],
      ['a timestamp of 30 February', reviewsGet, '', 'new', '2024-02-30 10:00:00+00', 5],
      ['a text key with NUL', usersGet, '', 'name', 'a\u0000b', 5],
      ['a text key with a lone surrogate', usersGet, '', 'name', '\uD800x', 5],
      ['an id past 2^31 - 1', usersGet, '', 'name', 'anna', 2 ** 31],
    ];
    it.each(cases)('%s', async (_, handler, extra, sort, key, id) => {
      await expectAnswer(await handler(req(`/api/x?${extra}cursor=${cursor(sort, key, id)}`)), 400, BAD_CURSOR);
    });

    it('keeps real cursors working: a well-formed date, timestamp, integer and text key read their page', async () => {
      for (const [handler, extra, c] of [
        [releasesGet, '', cursor('date_desc', '2024-02-29', 5)],
        [titlesGet, 'so=year_desc&', cursor('year_desc', '2147483647', 5)],
        [reviewsGet, '', cursor('new', '2024-01-01 10:00:00.123456+02', 5)],
        [usersGet, '', cursor('name', 'anna', 5)],
      ] as const)
        expect((await handler(req(`/api/x?${extra}cursor=${c}`))).status).toBe(200);
    });

    it('the data layer the pages call throws AppError bad_cursor (pages then show their first page)', async () => {
      await expect(listReleases({}, { cursor: cursor('date_desc', '2024-13-45', 1) }, h.db)).rejects.toMatchObject({
        code: 'bad_cursor',
      });
      await expect(listUsers({}, { cursor: cursor('name', 'x\u0000', 1) }, h.db)).rejects.toBeInstanceOf(AppError);
    });
  });

  describe('numbers past the integer columns answer 404 or 400', () => {
    it('session and token ids past 2^31 - 1 answer 404', async () => {
      for (const id of ['99999999999', '2147483648', '9'.repeat(30), '1e3', '0', '-1']) {
        await expectAnswer(
          await sessionDelete(req(`/api/me/sessions/${id}`, { method: 'DELETE', cookie: member.cookie }), ctx({ id })),
          404,
        );
        await expectAnswer(
          await tokenDelete(req(`/api/me/tokens/${id}`, { method: 'DELETE', cookie: member.cookie }), ctx({ id })),
          404,
        );
      }
    });

    it('an entry id past the column answers 404; a huge number in a body field 400', async () => {
      const del = await entryDelete(
        req(`/api/collections/${shelf}/entries/99999999999`, { method: 'DELETE', cookie: member.cookie }),
        ctx({ publicId: shelf, entryId: '99999999999' }),
      );
      await expectAnswer(del, 404);
      for (const body of [
        { condition: 99999999999 },
        { price: 1e20 },
        { condition: -2147483649 },
        { price: '99999999999' },
      ]) {
        const res = await entryPatch(
          req(`/api/collections/${shelf}/entries/${entryId}`, {
            method: 'PATCH',
            cookie: member.cookie,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
          ctx({ publicId: shelf, entryId: String(entryId) }),
        );
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      }
      const style = await collectionsPost(
        req('/api/collections', {
          method: 'POST',
          cookie: member.cookie,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Big', category: 'releases', style: 99999999999, visibility: 'public' }),
        }),
      );
      expect(style.status).toBe(400);
    });
  });

  describe('NUL and invalid UTF-8 answer 400', () => {
    it('raw %FF, %00 and a broken sequence in the query', async () => {
      for (const q of ['q=%FF', 'q=a%00b', 'cursor=%C3%28', '%FF=1'])
        await expectAnswer(await releasesGet(req(`/api/releases?${q}`)), 400, BAD_TEXT);
    });

    it('NUL and a lone surrogate in a path parameter', async () => {
      for (const publicId of ['abc\u0000', '\uD800'])
        await expectAnswer(await releaseGet(req('/api/releases/x'), ctx({ publicId })), 400, BAD_TEXT);
    });

    it('invalid bytes in a JSON body', async () => {
      const body = new Uint8Array([...new TextEncoder().encode('{"name":"Sh'), 0xff, 0xc3, 0x28, 0x22, 0x7d]);
      const res = await collectionsPost(
        req('/api/collections', {
          method: 'POST',
          cookie: member.cookie,
          headers: { 'content-type': 'application/json' },
          body,
        }),
      );
      await expectAnswer(res, 400, BAD_TEXT);
    });
  });

  describe('chunked bodies over their cap answer 413 and are not read to the end', () => {
    const send = (handler: Handler, path: string, stream: ReadableStream, type: string, params = {}) =>
      handler(
        new Request(`${ORIGIN}${path}`, {
          method: 'POST',
          headers: { origin: ORIGIN, cookie: member.cookie, 'content-type': type },
          body: stream,
          duplex: 'half',
        } as RequestInit),
        ctx(params),
      );
    const multipartHead = (field: string, file: string) =>
      `--XB\r\nContent-Disposition: form-data; name="${field}"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\n`;

    it('a JSON body (cap 64 KB)', async () => {
      const { stream, state } = chunkedBody('{"name":"', 10_000);
      const res = await send(collectionsPost, '/api/collections', stream, 'application/json');
      await expectAnswer(res, 413, apiMessage('bodyTooLarge', { kb: 64 }));
      expect(state.cancelled).toBe(true);
      expect(state.pulled).toBeLessThanOrEqual(3);
    });

    it('a form for Auth.js, which reads its own body (the wrapper caps it at 64 KB first)', async () => {
      const { stream, state } = chunkedBody('csrfToken=', 10_000);
      const res = await send(
        authPost as Handler,
        '/api/auth/signin/google',
        stream,
        'application/x-www-form-urlencoded',
        {
          nextauth: ['signin', 'google'],
        },
      );
      await expectAnswer(res, 413, apiMessage('bodyTooLarge', { kb: 64 }));
      expect(state.cancelled).toBe(true);
      expect(state.pulled).toBeLessThanOrEqual(3);
    });

    it('a collection import (cap 5 MB + 64 KB): 413 with the import page key', async () => {
      const { stream, state } = chunkedBody(multipartHead('file', 'big.csv'), 10_000);
      const res = await send(
        importsPost,
        `/api/collections/${shelf}/imports`,
        stream,
        'multipart/form-data; boundary=XB',
        {
          publicId: shelf,
        },
      );
      expect([res.status, ((await res.json()) as { key: string }).key]).toEqual([413, 'importTooLarge']);
      expect(state.cancelled).toBe(true);
      expect(state.pulled).toBeLessThanOrEqual(Math.ceil((IMPORT_MAX_BYTES + 64 * KB) / (64 * KB)) + 2);
    });

    it('a picture upload (cap 20 MB + 64 KB): 413 with the form field key', async () => {
      const { stream, state } = chunkedBody(multipartHead('picture', 'big.jpg'), 10_000);
      const res = await send(picturePost, '/api/me/picture', stream, 'multipart/form-data; boundary=XB');
      expect([res.status, ((await res.json()) as { fields: Record<string, string> }).fields]).toEqual([
        413,
        { picture: 'pictureTooLarge' },
      ]);
      expect(state.cancelled).toBe(true);
      expect(state.pulled).toBeLessThanOrEqual(Math.ceil((PICTURE_MAX_BYTES + 64 * KB) / (64 * KB)) + 2);
    });
  });
});
