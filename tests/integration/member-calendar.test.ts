/**
 * A member's release calendar: the upcoming releases of the movies on their wanted and
 * want-to-see lists at a secret address that can be shown again and reset (lib/data/member-calendar.ts,
 * GET/POST /api/me/calendar, GET /calendar/{id}/{key}.ics), read back with ical.js (PGlite;
 * PostgreSQL too when TEST_DATABASE_URL is set).
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@/db';
import { GET as feedRoute } from '@/app/calendar/[publicId]/[feed]/route';
import { GET as addressGet, POST as addressPost } from '@/app/api/me/calendar/route';
import { memberCalendarAddress, memberUpcomingReleases, resetMemberCalendar } from '@/lib/data/member-calendar';
import { todayIso } from '@/lib/data/releases';
import { setToggle } from '@/lib/data/toggles';
import { assertPostgresConfiguredInCi, createTestDb, testEngines } from '../support/db';
import { apiRequest, insertCatalogue } from '../support/community';
import { registerMember, type Member } from '../support/members';
import { useAsProcessDb } from './api-fixtures';

assertPostgresConfiguredInCi();

function day(offset: number): string {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** Two followed movies (one wanted as a release, one want-to-see), one not followed, and their releases. */
const CATALOGUE = {
  movies: [
    { publicId: 'cal-wanted', name: 'Wanted Film', titleKey: 'wanted film', year: 1981 },
    { publicId: 'cal-see', name: 'Want To See Film', titleKey: 'want to see film', year: 1990 },
    { publicId: 'cal-other', name: 'Other Film', titleKey: 'other film', year: 2000 },
  ],
  releases: [
    // On the wanted list itself (out already): its movie's upcoming releases follow.
    {
      publicId: 'cal-w-old',
      name: 'Wanted Film (DVD)',
      format: 3,
      nameKey: 'wanted film dvd',
      streetDate: day(-400),
      movies: ['cal-wanted'],
    },
    {
      publicId: 'cal-w-new',
      name: 'Wanted Film (4K UHD)',
      format: 7,
      nameKey: 'wanted film 4k',
      streetDate: day(30),
      movies: ['cal-wanted'],
    },
    {
      publicId: 'cal-s-new',
      name: 'Want To See Film (Blu-ray)',
      format: 1,
      nameKey: 'want to see film bluray',
      streetDate: day(7),
      movies: ['cal-see'],
    },
    {
      publicId: 'cal-s-past',
      name: 'Want To See Film (VHS)',
      format: 2,
      nameKey: 'want to see film vhs',
      streetDate: day(-3),
      movies: ['cal-see'],
    },
    {
      publicId: 'cal-o-new',
      name: 'Other Film (4K UHD)',
      format: 7,
      nameKey: 'other film 4k',
      streetDate: day(5),
      movies: ['cal-other'],
    },
  ],
};

describe.each(testEngines())("a member's release calendar on %s", (engine) => {
  let h: DbHandle;
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    h = await createTestDb(engine);
    useAsProcessDb(h);
    await insertCatalogue(h.db, CATALOGUE);
    member = await registerMember(h.db, { label: 'Calendar', n: 1 });
    other = await registerMember(h.db, { label: 'Calendar', n: 2 });
    await setToggle(member.actor, { kind: 'wanted', item: 'release', publicId: 'cal-w-old', on: true }, h.db);
    await setToggle(member.actor, { kind: 'want_see', item: 'movie', publicId: 'cal-see', on: true }, h.db);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function feed(url: string): Promise<{ status: number; text: string }> {
    const { pathname, search } = new URL(url);
    const [, , publicId, file] = pathname.split('/');
    const res = await feedRoute(new Request(`http://localhost${pathname}${search}`), {
      params: Promise.resolve({ publicId, feed: file }),
    });
    return { status: res.status, text: await res.text() };
  }

  it('follows the movies of wanted releases and want-to-see movies: their upcoming releases only, nearest first', async () => {
    const found = await memberUpcomingReleases(member.actor.userId, h.db);
    expect(found.map((r) => r.public_id)).toEqual(['cal-s-new', 'cal-w-new']);
    expect(await memberUpcomingReleases(other.actor.userId, h.db)).toEqual([]);
  });

  it('serves the calendar at its secret address, read back by ical.js, in English or Finnish', async () => {
    const address = await memberCalendarAddress(member.actor, h.db);
    expect(address.url).toMatch(
      new RegExp(`^http://localhost:3000/calendar/${member.actor.publicId}/[A-Za-z0-9_-]{32}\\.ics$`),
    );
    expect(address.url_fi).toBe(`${address.url}?lang=fi`);
    expect((await memberCalendarAddress(member.actor, h.db)).url, 'the same address when asked again').toBe(
      address.url,
    );

    const en = await feed(address.url);
    expect(en.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(en.text));
    expect(String(calendar.getFirstPropertyValue('x-wr-calname'))).toBe('DiscShelf: my upcoming releases');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.map((e) => String(e.getFirstPropertyValue('uid')))).toEqual([
      'release-cal-s-new@localhost:3000',
      'release-cal-w-new@localhost:3000',
    ]);
    expect(events.map((e) => (e.getFirstPropertyValue('dtstart') as ICAL.Time).toString())).toEqual([day(7), day(30)]);
    expect(String(events[1].getFirstPropertyValue('summary'))).toBe('Wanted Film (4K UHD) (4K UHD)');

    const fi = await feed(address.url_fi);
    expect(String(new ICAL.Component(ICAL.parse(fi.text)).getFirstPropertyValue('x-wr-calname'))).toBe(
      'DiscShelf: omat tulevat julkaisut',
    );
  });

  it('answers 404 alike for a wrong key, another member with this key, and an unknown member', async () => {
    const { url } = await memberCalendarAddress(member.actor, h.db);
    const key = url.split('/').pop()!;
    const wrong = url.replace(/[A-Za-z0-9_-]{32}\.ics$/, `${'A'.repeat(32)}.ics`);
    expect((await feed(wrong)).status).toBe(404);
    expect((await feed(url.replace(member.actor.publicId, other.actor.publicId))).status).toBe(404);
    expect((await feed(`http://localhost:3000/calendar/nobody/${key}`)).status).toBe(404);
  });

  it('a reset gives a new address and ends the old one; only the member reaches their address', async () => {
    const before = await memberCalendarAddress(member.actor, h.db);
    const after = await resetMemberCalendar(member.actor, h.db);
    expect(after.url).not.toBe(before.url);
    expect((await feed(before.url)).status).toBe(404);
    expect((await feed(after.url)).status).toBe(200);

    const anonymous = await addressGet(apiRequest('GET', '/api/me/calendar'));
    expect(anonymous.status).toBe(401);
    const mine = await addressGet(apiRequest('GET', '/api/me/calendar', { cookie: member.cookie }));
    expect(((await mine.json()) as { url: string }).url).toBe(after.url);
    const theirs = await addressGet(apiRequest('GET', '/api/me/calendar', { cookie: other.cookie }));
    const theirUrl = ((await theirs.json()) as { url: string }).url;
    expect(theirUrl).toContain(`/calendar/${other.actor.publicId}/`);

    const reset = await addressPost(apiRequest('POST', '/api/me/calendar', { cookie: member.cookie }));
    expect(reset.status).toBe(200);
    const renewed = ((await reset.json()) as { url: string }).url;
    expect(renewed).not.toBe(after.url);
    expect((await feed(after.url)).status).toBe(404);
    expect((await addressPost(apiRequest('POST', '/api/me/calendar'))).status).toBe(401);
    // The other member's address did not change.
    const theirsAgain = await addressGet(apiRequest('GET', '/api/me/calendar', { cookie: other.cookie }));
    expect(((await theirsAgain.json()) as { url: string }).url).toBe(theirUrl);
    expect((await feed(theirUrl)).status).toBe(200);
  });
});
