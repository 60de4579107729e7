/**
 * Extra rows inserted into a private copy of the seeded test database for the API and data-layer
 * tests: things the seed lacks (an accented title, a UPC-coded release, RRP, audio languages,
 * a production company, a video, a default picture).
 */
import { sql } from 'drizzle-orm';
import { queryRows, schema, type Db, type DbHandle } from '@/db';
import { searchDocument, titleKey } from '@/lib/text';

export const FIX = {
  amelie: 'fixAmelie01',
  amelieRelease: 'fixAmelieR1',
  upcRelease: 'fixUpcRel01',
  upcMovie: 'fixUpcMov01',
  company: 'fixCompany1',
  /** UPC-A 024543602859 in its three forms. */
  upc: { ean13: '0024543602859', upcA: '024543602859', upc11: '24543602859' },
} as const;

/** Inserts the fixtures (idempotent per database copy: call once). */
export async function insertFixtures(db: Db): Promise<void> {
  const [amelie] = await db
    .insert(schema.movies)
    .values({
      publicId: FIX.amelie,
      sourceId: 'test:amelie',
      name: 'Amélie',
      originalName: "Le Fabuleux Destin d'Amélie Poulain",
      year: 2001,
      runtimeMin: 122,
      spokenLanguages: ['French'],
      wikipediaHref: 'Am%C3%A9lie',
      titleKey: titleKey('Amélie'),
      searchText: searchDocument('Amélie', "Le Fabuleux Destin d'Amélie Poulain", '2001'),
    })
    .returning({ id: schema.movies.id });
  const [upcMovie] = await db
    .insert(schema.movies)
    .values({
      publicId: FIX.upcMovie,
      sourceId: 'test:upc-movie',
      name: 'Zzyzx Test Film',
      year: 1999,
      titleKey: 'zzyzx test film',
      searchText: 'zzyzx test film 1999',
    })
    .returning({ id: schema.movies.id });
  const [ameRel] = await db
    .insert(schema.releases)
    .values({
      publicId: FIX.amelieRelease,
      sourceId: 'test:amelie-dvd',
      name: 'Amélie (Finnish DVD)',
      format: 3,
      country: 4,
      releaseYear: 2002,
      audioTracks: [{ language: 'French', system: 'Dolby Digital 5.1' }],
      subtitles: ['Finnish', 'Swedish'],
      rrp: '15.00',
      rrpCurrency: 'GBP',
      nameKey: 'amelie finnish dvd',
      searchText: searchDocument('Amélie (Finnish DVD)', 'Amélie', '2001'),
      movieYear: 2001,
    })
    .returning({ id: schema.releases.id });
  const [upcRel] = await db
    .insert(schema.releases)
    .values({
      publicId: FIX.upcRelease,
      sourceId: 'test:upc',
      name: 'Zzyzx Test Film',
      format: 3,
      country: 1,
      ean: FIX.upc.ean13,
      rrp: '120.00',
      rrpCurrency: 'EUR',
      nameKey: 'zzyzx test film',
      searchText: searchDocument('Zzyzx Test Film', FIX.upc.ean13),
    })
    .returning({ id: schema.releases.id });
  await db.insert(schema.releaseMovies).values([
    { releaseId: ameRel.id, movieId: amelie.id },
    { releaseId: upcRel.id, movieId: upcMovie.id },
  ]);
  const [company] = await db
    .insert(schema.productionCompanies)
    .values({
      publicId: FIX.company,
      name: 'Claudie Ossard Productions',
      nameKey: 'claudie ossard productions',
      searchText: 'claudie ossard productions',
      country: 'FR',
    })
    .returning({ id: schema.productionCompanies.id });
  await db.insert(schema.movieProductionCompanies).values({ movieId: amelie.id, companyId: company.id });
  await db
    .insert(schema.videos)
    .values({ publicId: 'fixVideo001', movieId: amelie.id, youtubeId: 'HUECWi5pX7o?t=5', type: 1, approved: true });
  await db.insert(schema.pictures).values({
    publicId: 'fixPict0001',
    releaseId: upcRel.id,
    type: 4,
    isDefault: true,
    externalUrl: 'https://example.org/zzyzx-front.jpg',
    approved: true,
  });
}

/** Installs a database as the process-wide one that route handlers get from getDb(). */
export function useAsProcessDb(handle: DbHandle): void {
  (globalThis as typeof globalThis & { __discshelfDb?: Promise<DbHandle> }).__discshelfDb = Promise.resolve(handle);
}

/** Runs a count query. */
export async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, query);
  return row?.n ?? 0;
}
