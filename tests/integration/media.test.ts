/**
 * Pictures, videos and buying links of movies and releases as item pages and listings show them:
 * only approved and not deleted ones; the default picture is the item's picture, its address built
 * the same in SQL (listings) and in JavaScript (item pages); one default per item, enforced by the
 * database. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, schema, type DbHandle } from '@/db';
import { mergeMovies } from '@/lib/data/catalogue-writes';
import { inTransaction } from '@/lib/data/events';
import { getTitle } from '@/lib/data/movies';
import { getRelease, listReleases } from '@/lib/data/releases';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { FIX, insertFixtures } from './api-fixtures';

// The image host is read when the listing columns are built, at import: set it first.
vi.hoisted(() => {
  process.env.TMDB_IMAGE_BASE_URL = 'https://images.example.test/t/p';
});

assertPostgresConfiguredInCi();

const FILE = 'Zq3_upload-0001A.webp';

describe.each(testEngines())('item media on %s', (engine) => {
  let h: DbHandle;
  let releaseId: number;
  let movieId: number;
  beforeAll(async () => {
    h = await createTestDb(engine);
    await insertFixtures(h.db);
    [{ id: releaseId }] = await queryRows<{ id: number }>(
      h.db,
      sql`SELECT id FROM releases WHERE public_id = ${FIX.amelieRelease}`,
    );
    [{ id: movieId }] = await queryRows<{ id: number }>(
      h.db,
      sql`SELECT id FROM movies WHERE public_id = ${FIX.amelie}`,
    );
  });
  afterAll(async () => {
    await h?.close();
    vi.unstubAllEnvs();
  });

  it("an approved default upload is the release's picture, with its sizes; waiting and deleted ones are not shown", async () => {
    await h.db.insert(schema.pictures).values([
      {
        publicId: 'picDefault1',
        releaseId,
        type: 1,
        filename: FILE,
        variant: 'reverse',
        isDefault: true,
        approved: true,
      },
      { publicId: 'picWaiting1', releaseId, type: 5, filename: 'Zq3_upload-0002B.webp', approved: false },
      {
        publicId: 'picDeleted1',
        releaseId,
        type: 5,
        filename: 'Zq3_upload-0003C.webp',
        approved: true,
        deletedAt: new Date(),
      },
    ]);
    const r = await getRelease(FIX.amelieRelease, h.db);
    expect(r!.pictures).toEqual([
      {
        public_id: 'picDefault1',
        type: 1,
        url: `/uploads/lg-reverse-${FILE}`,
        srcset: expect.stringContaining(`/uploads/xs-reverse-${FILE} 92w`),
        source: null,
        is_default: true,
      },
    ]);
    // The listing's picture (built in SQL) is the item page's (built in JavaScript).
    expect(r!.picture_url).toBe(r!.pictures[0]!.url);
    const listed = await listReleases({ q: r!.name }, { cursor: null, limit: 10 }, h.db);
    expect(listed.items.find((i) => i.public_id === FIX.amelieRelease)?.picture_url).toBe(r!.pictures[0]!.url);
  });

  it('the database keeps one default picture per release', async () => {
    await expect(
      h.db
        .insert(schema.pictures)
        .values({ publicId: 'picDefault2', releaseId, type: 4, filename: FILE, isDefault: true, approved: true }),
    ).rejects.toThrow();
    // A deleted default no longer counts.
    await h.db
      .update(schema.pictures)
      .set({ deletedAt: new Date() })
      .where(eq(schema.pictures.publicId, 'picDefault1'));
    await h.db
      .insert(schema.pictures)
      .values({ publicId: 'picDefault3', releaseId, type: 4, filename: FILE, isDefault: true, approved: true });
    expect((await getRelease(FIX.amelieRelease, h.db))!.pictures.map((p) => p.public_id)).toEqual(['picDefault3']);
  });

  it("an image of the external film database is the movie's picture at 500 px, from the configured host", async () => {
    await h.db.insert(schema.pictures).values({
      publicId: 'picPoster01',
      movieId,
      type: 3,
      externalService: 1,
      externalFilename: '/poster01.jpg',
      isDefault: true,
      approved: true,
    });
    const t = await getTitle(FIX.amelie, h.db);
    expect(t!.pictures[0]).toMatchObject({ url: 'https://images.example.test/t/p/w500/poster01.jpg' });
    expect(t!.picture_url).toBe('https://images.example.test/t/p/w500/poster01.jpg');
  });

  it('videos and buying links waiting for approval or deleted are not shown', async () => {
    await h.db.insert(schema.videos).values([
      { publicId: 'vidWaiting1', movieId, youtubeId: 'dQw4w9WgXcQ', type: 1, approved: false },
      { publicId: 'vidDeleted1', movieId, youtubeId: 'dQw4w9WgXcQ', type: 1, approved: true, deletedAt: new Date() },
    ]);
    await h.db.insert(schema.buyingLinks).values([
      {
        publicId: 'buyShown001',
        releaseId,
        url: 'https://www.amazon.de/dp/B07XYZ1234',
        shop: 'amazon.de',
        approved: true,
      },
      {
        publicId: 'buyWaiting1',
        releaseId,
        url: 'https://cdon.fi/elokuvat/x-12345678/',
        shop: 'cdon.fi',
        approved: false,
      },
    ]);
    vi.stubEnv('AFFILIATE_AMAZON_DE', 'tag=discshelf-21');
    const t = await getTitle(FIX.amelie, h.db);
    expect(t!.videos.map((v) => v.public_id)).toEqual(['fixVideo001']);
    const r = await getRelease(FIX.amelieRelease, h.db);
    expect(r!.buying_links).toEqual([
      { public_id: 'buyShown001', url: 'https://www.amazon.de/dp/B07XYZ1234?tag=discshelf-21', shop: 'amazon.de' },
    ]);
  });

  it("a merged movie's pictures move to the survivor, which keeps its own default", async () => {
    const [dup] = await queryRows<{ id: number }>(
      h.db,
      sql`INSERT INTO movies (public_id, name, title_key, search_text) VALUES ('mediaDup01', 'Amelie', 'amelie', 'amelie') RETURNING id`,
    );
    await h.db.insert(schema.pictures).values([
      { publicId: 'picDupDef01', movieId: dup.id, type: 3, filename: FILE, isDefault: true, approved: true },
      { publicId: 'picDupFan01', movieId: dup.id, type: 8, filename: FILE, approved: true },
    ]);
    await inTransaction(h.db, (tx) =>
      mergeMovies(tx, { id: dup.id, publicId: 'mediaDup01' }, movieId, { userId: null, approvedById: null }),
    );
    const t = await getTitle(FIX.amelie, h.db);
    expect(t!.pictures.map((p) => [p.public_id, p.is_default])).toEqual([
      ['picPoster01', true],
      ['picDupDef01', false],
      ['picDupFan01', false],
    ]);
  });
});
