/**
 * The iCal feed of upcoming releases (GET /releases/upcoming.ics) on the seed: checked by a
 * parser of its own (ical.js, Mozilla's iCalendar library) and against the database (PGlite;
 * PostgreSQL too when TEST_DATABASE_URL is set).
 */
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db';
import * as schema from '@/db/schema';
import { GET as feed } from '@/app/releases/upcoming.ics/route';
import { todayIso } from '@/lib/data/releases';
import { UPCOMING_FEED_MAX } from '@/lib/calendar/upcoming';
import { assertPostgresConfiguredInCi, getSeededTestDb, testEngines } from '../support/db';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

async function get(query: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await feed(new Request(`http://localhost/releases/upcoming.ics${query}`));
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The feed's events as ical.js reads them: UID, start day (YYYY-MM-DD, all-day), summary, URL. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((e) => {
      const start = e.getFirstPropertyValue('dtstart') as ICAL.Time;
      return {
        uid: String(e.getFirstPropertyValue('uid')),
        dtstamp: e.getFirstPropertyValue('dtstamp'),
        start: start.toString(),
        allDay: start.isDate,
        summary: String(e.getFirstPropertyValue('summary')),
        url: String(e.getFirstPropertyValue('url')),
      };
    }),
  };
}

/** RFC 5545 §3.1: lines end with CRLF and are at most 75 octets long (longer ones are folded). */
function expectRfcLines(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  expect(lines.some((l) => l.includes('\n'))).toBe(false);
  for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
}

/** The day `days` after today on the site's clock, YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Releases with street dates around today (the seed's own dates pass with time): 4K UHD in Finland
 * (one with a long Finnish name, folded over several lines), 4K UHD elsewhere, 4K UHD + Blu-ray in
 * Finland, a Blu-ray, and a 4K UHD from yesterday that the feed leaves out.
 */
const FIXTURES = [
  {
    publicId: 'calfeed-uhd-fi',
    name: 'Pääkallolipun alla – täydellinen restauroitu keräilijän painos neljällä levyllä',
    format: 7,
    country: 4,
    days: 3,
  },
  { publicId: 'calfeed-uhd-us', name: 'Calendar Feed Test (US)', format: 7, country: 1, days: 10 },
  { publicId: 'calfeed-combo-fi', name: 'Calendar Feed Test (combo)', format: 11, country: 4, days: 20 },
  { publicId: 'calfeed-bluray', name: 'Calendar Feed Test (Blu-ray)', format: 1, country: 4, days: 5 },
  { publicId: 'calfeed-past', name: 'Calendar Feed Test (out now)', format: 7, country: 4, days: -1 },
] as const;

describe.each(testEngines())('the upcoming releases feed on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await getSeededTestDb(engine);
    useAsProcessDb(h);
    await h.db.insert(schema.releases).values(
      FIXTURES.map((f) => ({
        publicId: f.publicId,
        name: f.name,
        format: f.format,
        country: f.country,
        streetDate: dayFromToday(f.days),
        nameKey: f.name.toLowerCase(),
        searchText: f.name.toLowerCase(),
      })),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Approved releases of the filter with a street date from today on, nearest first (as the feed orders them), at most the feed's cap. */
  async function expected(where: ReturnType<typeof sql>): Promise<{ public_id: string; street_date: string }[]> {
    return queryRows(
      h.db,
      sql`SELECT public_id, street_date::text AS street_date FROM releases r
          WHERE approved AND street_date >= ${todayIso()}::date AND ${where}
          ORDER BY street_date, id LIMIT ${UPCOMING_FEED_MAX}`,
    );
  }

  it('gives one all-day event per upcoming 4K UHD release on its street date, valid iCalendar', async () => {
    const { status, type, text } = await get('?fo=7');
    expect(status).toBe(200);
    expect(type).toBe('text/calendar; charset=utf-8');
    expectRfcLines(text);
    const { calendar, events: found } = events(text);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('DiscShelf');
    expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toBe('DiscShelf: upcoming releases (4K UHD)');
    const want = await expected(sql`r.format = 7`);
    const ids = want.map((r) => r.public_id);
    expect(ids).toEqual(expect.arrayContaining(['calfeed-uhd-fi', 'calfeed-uhd-us']));
    expect(ids).not.toContain('calfeed-past');
    expect(text, 'a long name is folded').toMatch(/\r\n /);
    expect(found.map((e) => e.uid)).toEqual(want.map((r) => `release-${r.public_id}@localhost:3000`));
    expect(found.map((e) => e.start)).toEqual(want.map((r) => r.street_date));
    for (const e of found) {
      expect(e.allDay).toBe(true);
      expect(e.dtstamp).toBeTruthy();
      expect(e.summary).toMatch(/\(4K UHD\)$/);
      expect(e.url).toMatch(/^http:\/\/localhost:3000\/release\/[A-Za-z0-9_-]+$/);
    }
  });

  it('filters by country and speaks Finnish with lang=fi', async () => {
    const { status, text } = await get('?fo=7,11&co=4&lang=fi');
    expect(status).toBe(200);
    const { calendar, events: found } = events(text);
    expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toBe(
      'DiscShelf: tulevat julkaisut (4K UHD, 4K UHD + Blu-ray, Suomi)',
    );
    const want = await expected(sql`r.format IN (7, 11) AND r.country = 4`);
    expect(want.map((r) => r.public_id)).toEqual(expect.arrayContaining(['calfeed-uhd-fi', 'calfeed-combo-fi']));
    expect(found.map((e) => e.uid.replace(/^release-|@.*$/g, ''))).toEqual(want.map((r) => r.public_id));
    const long = found.find((e) => e.uid.startsWith('release-calfeed-uhd-fi@'));
    expect(long?.summary).toBe(`${FIXTURES[0].name} (4K UHD)`);
    for (const e of found) expect(e.url).toMatch(/^http:\/\/localhost:3000\/fi\/release\//);
  });

  it('names every format and country when unfiltered, and keeps to its cap', async () => {
    const { text } = await get('');
    const { calendar, events: found } = events(text);
    expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toBe(
      'DiscShelf: upcoming releases (all formats and countries)',
    );
    expect(found.length).toBe((await expected(sql`TRUE`)).length);
    expect(found.length).toBeLessThanOrEqual(UPCOMING_FEED_MAX);
  });

  it('answers a bad filter or an unknown parameter with a 400 JSON error', async () => {
    const bad = await get('?fo=99');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatch(/fo/);
    expect((await get('?lang=sv')).status).toBe(400);
    expect((await get('?q=alien')).status).toBe(400);
  });
});
