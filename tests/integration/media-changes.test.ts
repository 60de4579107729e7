/**
 * Pictures, videos and shopping links as change requests: a member's upload is checked (size,
 * type read from content, pixel bomb, metadata removed), stored in its sizes and waits unapproved;
 * an admin's approval makes it public and, when asked, the item's picture (one default per item);
 * discarding removes it with its files; edits, deletions, amendments; video addresses in each
 * YouTube form; shopping links' hosts and the shop check's codes against a local HTTP server.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import type { Actor } from '@/lib/auth/actor';
import {
  amendChangeRequest,
  approveChangeRequest,
  discardChangeRequest,
  getChangeRequest,
  reviewChangeRequest,
  submitChangeRequest,
  suggestPicture,
  withdrawChangeRequest,
} from '@/lib/data/change-requests';
import { contributionScore, listContributions } from '@/lib/data/contributions';
import { getTitle } from '@/lib/data/movies';
import { getRelease } from '@/lib/data/releases';
import { PICTURE_MAX_BYTES } from '@/lib/images';
import { CATALOGUE_PICTURE_SIZES } from '@/lib/picture-urls';
import { checkShoppingLink } from '@/lib/shop-check';
import { MEDIA_POINTS } from '@/lib/validation/media-fields';
import { POST as picturesRoute } from '@/app/api/pictures/route';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { registerMember } from '../support/members';
import { FIX, insertFixtures, useAsProcessDb } from './api-fixtures';
import { codeOf } from '../support/app-error';

assertPostgresConfiguredInCi();

let uploads = '';
/** The local stand-in for the shops: the product path decides the answer. */
let shop: http.Server;
let shopUrl = '';
const shopRequests: { path: string; host: string | undefined }[] = [];

beforeAll(async () => {
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'media-uploads-'));
  vi.stubEnv('UPLOAD_DIR', uploads);
  vi.stubEnv('AFFILIATE_AMAZON_DE', 'tag=discshelf-21');
  shop = http.createServer((req, res) => {
    shopRequests.push({ path: req.url ?? '', host: req.headers['x-shop-host'] as string | undefined });
    const url = req.url ?? '';
    if (url.includes('GONE000000')) res.writeHead(404).end('not found');
    else if (url.includes('BUSY000000')) res.writeHead(503).end('throttled');
    else if (url.includes('SOLDOUT000'))
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Currently unavailable.</p>');
    else if (url.includes('BROKEN0000')) res.writeHead(500).end('oops');
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>In stock</p>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  vi.stubEnv('SHOPPING_LINK_CHECK', shopUrl);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  fs.rmSync(uploads, { recursive: true, force: true });
  await new Promise((resolve) => shop.close(resolve));
});

/** A photo-like JPEG carrying camera EXIF. */
function jpeg(width = 900, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam' } })
    .toBuffer();
}

/** The stored files of an upload. */
function filesOf(filename: string, variant: string | null = null): string[] {
  return Object.keys(CATALOGUE_PICTURE_SIZES).map((size) =>
    path.join(uploads, variant ? `${size}-${variant}-${filename}` : `${size}-${filename}`),
  );
}

describe('the shop check', () => {
  it('answers 1 for an empty link, 2 for a missing or sold-out product, 3 for Amazon throttling, 0 when sold', async () => {
    expect(await checkShoppingLink('  ')).toBe(1);
    expect(await checkShoppingLink('https://www.amazon.de/dp/GONE000000')).toBe(2);
    expect(await checkShoppingLink('https://www.amazon.de/dp/SOLDOUT000')).toBe(2);
    expect(await checkShoppingLink('https://www.amazon.de/dp/BUSY000000')).toBe(3);
    expect(await checkShoppingLink('https://www.amazon.co.uk/Some-Film/dp/B000123456/ref=x?tag=other-21')).toBe(0);
    // The shop's server failing is no answer: the link is stored unchecked.
    expect(await checkShoppingLink('https://www.amazon.de/dp/BROKEN0000')).toBeNull();
    // The local server got the canonical product path and the shop's host.
    expect(shopRequests).toContainEqual({ path: '/dp/B000123456', host: 'www.amazon.co.uk' });
    // Off unless configured: no request, no answer.
    const before = shopRequests.length;
    expect(await checkShoppingLink('https://www.amazon.de/dp/GONE000000', {})).toBeNull();
    expect(shopRequests.length).toBe(before);
  });
});

describe.each(testEngines())('media change requests on %s', (engine) => {
  let h: DbHandle;
  let member: Actor;
  let other: Actor;
  let admin: Actor;
  const pointsOf = async (a: Actor) =>
    Number((await queryRows<{ points: number }>(h.db, sql`SELECT points FROM users WHERE id = ${a.userId}`))[0].points);

  beforeAll(async () => {
    h = await createTestDb(engine);
    await insertFixtures(h.db);
    member = (await registerMember(h.db, { label: 'media', n: 1 })).actor;
    other = (await registerMember(h.db, { label: 'media', n: 2 })).actor;
    admin = (await registerMember(h.db, { label: 'media', n: 3, role: 'admin' })).actor;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('an uploaded cover waits unseen, then approved as the default it is the release’s picture (2 points)', async () => {
    const before = await pointsOf(member);
    const r = await suggestPicture(
      member,
      {
        release: FIX.amelieRelease,
        file: await jpeg(),
        values: { type: 1, source: 'Own scan', is_default: true, variant: 'reverse' },
      },
      h.db,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request).toMatchObject({
      entity: 'picture',
      kind: 'new',
      status: 'pending',
      item: { type: 'release', public_id: FIX.amelieRelease, name: 'Amélie (Finnish DVD)' },
    });
    const [row] = await queryRows<{ filename: string; approved: boolean; is_default: boolean; width: number }>(
      h.db,
      sql`SELECT filename, approved, is_default, width FROM pictures WHERE public_id = ${r.request.entity_public_id}`,
    );
    expect(row).toMatchObject({ approved: false, is_default: false, width: 900 });
    // Every size is stored under the variant's name, without the camera's metadata.
    for (const f of filesOf(row.filename, 'reverse')) expect(fs.existsSync(f)).toBe(true);
    const xl = fs.readFileSync(filesOf(row.filename, 'reverse')[0]);
    expect(xl.includes(Buffer.from('SecretCam'))).toBe(false);
    expect((await sharp(xl).metadata()).width).toBe(900);
    // Waiting: not on the release page.
    expect((await getRelease(FIX.amelieRelease, h.db))!.pictures).toEqual([]);
    // The queue shows the admin the picture itself.
    const review = await reviewChangeRequest(admin, r.request.public_id, h.db);
    expect(review!.media).toMatchObject({
      item: { type: 'release', public_id: FIX.amelieRelease },
      picture: { url: `/uploads/lg-reverse-${row.filename}` },
    });

    await approveChangeRequest(admin, r.request.public_id, {}, h.db);
    const release = (await getRelease(FIX.amelieRelease, h.db))!;
    expect(release.pictures).toMatchObject([{ type: 1, is_default: true, source: 'Own scan' }]);
    expect(release.picture_url).toBe(`/uploads/lg-reverse-${row.filename}`);
    expect(await pointsOf(member)).toBe(before + MEDIA_POINTS.new.picture);
    const [rev] = await queryRows<{ kind: string; approved_by_id: number; points: number }>(
      h.db,
      sql`SELECT kind, approved_by_id, points FROM revisions WHERE entity_type = 'picture' ORDER BY id LIMIT 1`,
    );
    expect(rev).toMatchObject({ kind: 'create', approved_by_id: admin.userId, points: MEDIA_POINTS.new.picture });
    // The member's contributions list it under its release, and the score counts it.
    const mine = await listContributions(member.publicId, {}, h.db);
    expect(mine!.items[0]).toMatchObject({
      entity: 'picture',
      item_type: 'release',
      public_id: FIX.amelieRelease,
      name: 'Amélie (Finnish DVD)',
      points: MEDIA_POINTS.new.picture,
    });
    expect((await contributionScore(member.publicId, h.db))!.lines).toContainEqual({
      kind: 'create',
      entity: 'picture',
      count: 1,
      points: MEDIA_POINTS.new.picture,
    });
  });

  it('a second default picture takes the flag: one default per item, also in the database', async () => {
    const r = await suggestPicture(
      other,
      { release: FIX.amelieRelease, file: await jpeg(400, 600), values: { type: 4, is_default: true } },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    await approveChangeRequest(admin, r.request.public_id, {}, h.db);
    const defaults = await queryRows<{ public_id: string }>(
      h.db,
      sql`SELECT p.public_id FROM pictures p JOIN releases r ON r.id = p.release_id
          WHERE r.public_id = ${FIX.amelieRelease} AND p.is_default AND p.deleted_at IS NULL`,
    );
    expect(defaults).toEqual([{ public_id: r.request.entity_public_id }]);
    const release = (await getRelease(FIX.amelieRelease, h.db))!;
    expect(release.pictures[0]).toMatchObject({ public_id: r.request.entity_public_id, is_default: true, type: 4 });
    // The database refuses a second default however it is written.
    await expect(
      h.db.execute(
        sql`UPDATE pictures SET is_default = true WHERE release_id = (SELECT id FROM releases WHERE public_id = ${FIX.amelieRelease})`,
      ),
    ).rejects.toThrow();
  });

  it('refuses oversized, wrong-type and pixel-bomb uploads, and a picture without an upload, keeping no file', async () => {
    const count = () => fs.readdirSync(uploads).length;
    const files = count();
    const big = await suggestPicture(
      member,
      { release: FIX.amelieRelease, file: Buffer.alloc(PICTURE_MAX_BYTES + 1), values: { type: 1 } },
      h.db,
    );
    expect(big).toEqual({ ok: false, errors: { file: 'pictureTooLarge' }, params: { 0: 20.1, 1: 20 } });
    const text = await suggestPicture(
      member,
      { release: FIX.amelieRelease, file: Buffer.from('GIF89a but really text'), values: { type: 1 } },
      h.db,
    );
    expect(text).toMatchObject({ ok: false, errors: { file: expect.stringMatching(/^picture(Type|Unreadable)$/) } });
    // A tiny file claiming 42 megapixels.
    const bomb = await sharp({ create: { width: 7_000, height: 6_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(
      await suggestPicture(member, { release: FIX.amelieRelease, file: bomb, values: { type: 1 } }, h.db),
    ).toMatchObject({ ok: false, errors: { file: 'pictureTooManyPixels' } });
    // A bad type is refused after the files were written: they are removed again.
    expect(
      await suggestPicture(member, { release: FIX.amelieRelease, file: await jpeg(50, 50), values: { type: 7 } }, h.db),
    ).toMatchObject({ ok: false, errors: { type: 'invalid' } });
    expect(
      await suggestPicture(
        member,
        { release: FIX.amelieRelease, file: await jpeg(50, 50), values: { type: 3, variant: 'alt' } },
        h.db,
      ),
    ).toMatchObject({ ok: false, errors: { variant: 'variantFullCover' } });
    expect(count()).toBe(files);
    // The JSON API cannot name files: a new picture comes with its upload only.
    expect(
      await submitChangeRequest(
        member,
        { entity: 'picture', kind: 'new', values: { release: FIX.amelieRelease, type: 1 } },
        h.db,
      ),
    ).toMatchObject({ ok: false, errors: { file: 'invalid' } });
    // An unknown item: refused, and its files are removed again.
    expect(
      await codeOf(async () =>
        suggestPicture(member, { release: 'noSuchRel01', file: await jpeg(50, 50), values: { type: 1 } }, h.db),
      ),
    ).toBe('not_found');
    expect(count()).toBe(files);
  });

  it('a discarded upload goes with its files; a withdrawn one too; others cannot withdraw it', async () => {
    const r = await suggestPicture(
      member,
      { movie: FIX.amelie, file: await jpeg(300, 450), values: { type: 3 } },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const [{ filename }] = await queryRows<{ filename: string }>(
      h.db,
      sql`SELECT filename FROM pictures WHERE public_id = ${r.request.entity_public_id}`,
    );
    expect(await codeOf(() => withdrawChangeRequest(other, r.request.public_id, h.db))).toBe('forbidden');
    const d = await discardChangeRequest(admin, r.request.public_id, 'Blurry photo', h.db);
    expect(d.ok).toBe(true);
    expect(await queryRows(h.db, sql`SELECT 1 FROM pictures WHERE public_id = ${r.request.entity_public_id}`)).toEqual(
      [],
    );
    for (const f of filesOf(filename)) expect(fs.existsSync(f)).toBe(false);
    // The author is told, with the movie named.
    const [notice] = await queryRows<{ subject_text: string }>(
      h.db,
      sql`SELECT subject_text FROM notifications WHERE user_id = ${member.userId} ORDER BY id DESC LIMIT 1`,
    );
    expect(notice.subject_text).toBe('Amélie');

    const w = await suggestPicture(
      member,
      { movie: FIX.amelie, file: await jpeg(300, 450), values: { type: 8 } },
      h.db,
    );
    if (!w.ok) throw new Error('upload refused');
    await withdrawChangeRequest(member, w.request.public_id, h.db);
    expect((await getChangeRequest(member, w.request.public_id, h.db))!.status).toBe('withdrawn');
    expect(await queryRows(h.db, sql`SELECT 1 FROM pictures WHERE public_id = ${w.request.entity_public_id}`)).toEqual(
      [],
    );
  });

  it('edits a picture’s type, source and default flag; a field changed since needs the admin’s choice; deletion removes files', async () => {
    const [pic] = await queryRows<{ public_id: string; filename: string; variant: string | null }>(
      h.db,
      sql`SELECT public_id, filename, variant FROM pictures WHERE type = 1 AND approved AND deleted_at IS NULL LIMIT 1`,
    );
    // The variant names the files: it is given with the upload only.
    expect(
      await submitChangeRequest(
        other,
        { entity: 'picture', kind: 'edit', target: pic.public_id, values: { variant: 'other' } },
        h.db,
      ),
    ).toMatchObject({ ok: false, errors: { variant: 'invalid' } });
    const edit = await submitChangeRequest(
      other,
      { entity: 'picture', kind: 'edit', target: pic.public_id, values: { source: 'Scanned by me', is_default: true } },
      h.db,
    );
    if (!edit.ok) throw new Error(JSON.stringify(edit.errors));
    expect(Object.keys(edit.request.changes).sort()).toEqual(['is_default', 'source']);
    // An admin changes the source meanwhile.
    const direct = await submitChangeRequest(
      admin,
      { entity: 'picture', kind: 'edit', target: pic.public_id, values: { source: 'Publisher' } },
      h.db,
    );
    expect(direct).toMatchObject({ ok: true, request: { status: 'approved' } });
    expect(await codeOf(() => approveChangeRequest(admin, edit.request.public_id, {}, h.db))).toBe('change_conflict');
    await approveChangeRequest(admin, edit.request.public_id, { source: 'current' }, h.db);
    const release = (await getRelease(FIX.amelieRelease, h.db))!;
    expect(release.pictures[0]).toMatchObject({ public_id: pic.public_id, is_default: true, source: 'Publisher' });

    const del = await submitChangeRequest(
      member,
      { entity: 'picture', kind: 'delete', target: pic.public_id, note: 'Wrong edition' },
      h.db,
    );
    if (!del.ok) throw new Error(JSON.stringify(del.errors));
    await approveChangeRequest(admin, del.request.public_id, {}, h.db);
    expect((await getRelease(FIX.amelieRelease, h.db))!.pictures.map((p) => p.public_id)).not.toContain(pic.public_id);
    for (const f of filesOf(pic.filename, pic.variant)) expect(fs.existsSync(f)).toBe(false);
    // The row and its history stay.
    const revs = await queryRows<{ kind: string }>(
      h.db,
      sql`SELECT kind FROM revisions WHERE entity_type = 'picture' AND entity_public_id = ${pic.public_id} ORDER BY id`,
    );
    expect(revs.map((x) => x.kind)).toEqual(['create', 'edit', 'edit', 'delete']);
    // A deleted picture is edited no more.
    expect(
      await codeOf(() =>
        submitChangeRequest(
          member,
          { entity: 'picture', kind: 'edit', target: pic.public_id, values: { type: 2 } },
          h.db,
        ),
      ),
    ).toBe('gone');
  });

  it('adds a trailer from any YouTube address form, with its start; refuses bad and repeated ones; amends the chapter', async () => {
    const forms = [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s',
      'https://youtu.be/dQw4w9WgXcQ?t=65',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=65',
    ];
    const before = await pointsOf(member);
    const r = await submitChangeRequest(
      member,
      { entity: 'video', kind: 'new', values: { movie: FIX.amelie, youtube_id: forms[0], type: 1 } },
      h.db,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.request.changes.youtube_id.after).toBe('dQw4w9WgXcQ?t=65');
    // The same video again, in another form, is refused while the first waits.
    for (const url of forms.slice(1))
      expect(
        await submitChangeRequest(
          other,
          { entity: 'video', kind: 'new', values: { movie: FIX.amelie, youtube_id: url, type: 8 } },
          h.db,
        ),
      ).toMatchObject({ ok: false, errors: { youtube_id: 'videoKnown' } });
    for (const bad of ['https://vimeo.com/123', 'not a link', 'https://www.youtube.com/watch?v=short'])
      expect(
        await submitChangeRequest(
          member,
          { entity: 'video', kind: 'new', values: { movie: FIX.amelie, youtube_id: bad, type: 1 } },
          h.db,
        ),
      ).toMatchObject({ ok: false, errors: { youtube_id: 'youtubeInvalid' } });
    expect(
      await submitChangeRequest(
        member,
        { entity: 'video', kind: 'new', values: { movie: FIX.amelie, youtube_id: forms[0], type: 2 } },
        h.db,
      ),
    ).toMatchObject({ ok: false, errors: { type: 'invalid' } });
    const videoIds = async () => (await getTitle(FIX.amelie, h.db))!.videos.map((v) => v.public_id);
    expect(await videoIds()).not.toContain(r.request.entity_public_id);
    const amended = await amendChangeRequest(
      member,
      r.request.public_id,
      { values: { chapter: 'Finnish trailer' } },
      h.db,
    );
    expect(amended).toMatchObject({ ok: true, request: { changes: { chapter: { after: 'Finnish trailer' } } } });
    await approveChangeRequest(admin, r.request.public_id, {}, h.db);
    expect(
      (await getTitle(FIX.amelie, h.db))!.videos.find((v) => v.public_id === r.request.entity_public_id),
    ).toMatchObject({
      youtube_id: 'dQw4w9WgXcQ?t=65',
      type: 1,
      chapter: 'Finnish trailer',
      thumbnail_url: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect(await pointsOf(member)).toBe(before + MEDIA_POINTS.new.video);
  });

  it('shopping links: other shops refused, the check’s codes shown, the stored link canonical with the affiliate tag', async () => {
    const link = (url: string, who: Actor = member) =>
      submitChangeRequest(
        who,
        { entity: 'shopping_link', kind: 'new', values: { release: FIX.amelieRelease, url } },
        h.db,
      );
    expect(await link('https://www.ebay.com/itm/123')).toMatchObject({
      ok: false,
      errors: { url: 'shoppingLinkHost' },
    });
    expect(await link('')).toMatchObject({ ok: false, errors: { url: 'shoppingLinkEmpty' } });
    expect(await link('https://www.amazon.de/s?k=amelie')).toMatchObject({
      ok: false,
      errors: { url: 'shoppingLinkProduct' },
    });
    expect(await link('https://www.amazon.de/dp/GONE000000')).toMatchObject({
      ok: false,
      errors: { url: 'shoppingLinkProduct' },
    });
    expect(await link('https://www.amazon.de/dp/BUSY000000')).toMatchObject({
      ok: false,
      errors: { url: 'shoppingLinkQuota' },
    });
    const ok = await link('https://www.amazon.de/Amelie-DVD/dp/B00005UF2Z/ref=sr_1_1?tag=someone-21&keywords=amelie');
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    expect(ok.request.changes.url.after).toBe('https://www.amazon.de/dp/B00005UF2Z');
    const [row] = await queryRows<{ shop: string; product_id: string; check_code: number; checked_at: string | null }>(
      h.db,
      sql`SELECT shop, product_id, check_code, checked_at FROM buying_links WHERE public_id = ${ok.request.entity_public_id}`,
    );
    expect(row).toMatchObject({ shop: 'amazon.de', product_id: 'B00005UF2Z', check_code: 0 });
    expect(row.checked_at).not.toBeNull();
    expect(await link('https://amazon.de/dp/B00005UF2Z', other)).toMatchObject({
      ok: false,
      errors: { url: 'shoppingLinkKnown' },
    });
    expect((await getRelease(FIX.amelieRelease, h.db))!.buying_links).toEqual([]);
    await approveChangeRequest(admin, ok.request.public_id, {}, h.db);
    expect((await getRelease(FIX.amelieRelease, h.db))!.buying_links).toEqual([
      {
        public_id: ok.request.entity_public_id,
        url: 'https://www.amazon.de/dp/B00005UF2Z?tag=discshelf-21',
        shop: 'amazon.de',
      },
    ]);
  });
});

describe('POST /api/pictures', () => {
  const ORIGIN = 'http://localhost';
  let h: DbHandle;
  let cookie = '';
  beforeAll(async () => {
    h = await createTestDb('pglite');
    await insertFixtures(h.db);
    useAsProcessDb(h);
    cookie = (await registerMember(h.db, { label: 'uploader', n: 1 })).cookie;
  });
  afterAll(async () => {
    await h?.close();
  });

  const upload = (fields: Record<string, string>, file: Buffer | null) => {
    const form = new FormData();
    if (file) form.set('picture', new Blob([new Uint8Array(file)]), 'cover.jpg');
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return picturesRoute(
      new Request(`${ORIGIN}/api/pictures`, { method: 'POST', headers: { origin: ORIGIN, cookie }, body: form }),
    );
  };

  it('stores a member’s upload as a waiting suggestion and answers the forms’ keys for bad ones', async () => {
    const ok = await upload(
      { release: FIX.amelieRelease, type: '1', is_default: 'true', variant: 'reverse' },
      await jpeg(200, 300),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ entity: 'picture', kind: 'new', status: 'pending' });
    const none = await upload({ release: FIX.amelieRelease, type: '1' }, null);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ fields: { picture: 'required' } });
    const badType = await upload({ release: FIX.amelieRelease, type: '7' }, await jpeg(20, 20));
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ fields: { type: 'invalid' } });
    const big = await upload({ release: FIX.amelieRelease, type: '1' }, Buffer.alloc(PICTURE_MAX_BYTES + 70 * 1024));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ fields: { picture: 'pictureTooLarge' } });
    const anonymous = await picturesRoute(
      new Request(`${ORIGIN}/api/pictures`, { method: 'POST', headers: { origin: ORIGIN }, body: new FormData() }),
    );
    expect(anonymous.status).toBe(401);
  });
});
