/**
 * The privacy policy, service info and terms of service texts (`static.*` in the messages)
 * describe the product as it is: in both locales no page says that accounts, collections, reviews
 * or discussions are coming later, every page speaks of collections and reviews, and every
 * section the messages hold is shown on its page.
 */
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { STATIC_PAGE_SECTIONS, type StaticPageKey } from '@/components/layout/static-page';

const PAGES: StaticPageKey[] = ['privacy', 'serviceInfo', 'terms'];

/** Every text of a page (title, description, intro, section titles and paragraphs), joined. */
function pageText(messages: typeof en, page: StaticPageKey): string {
  const texts: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') texts.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(messages.static[page]);
  return texts.join('\n');
}

const LOCALES = [
  {
    locale: 'en',
    messages: en,
    // "… are coming later", "Corrections will be possible … once they arrive", "When user accounts arrive, …"
    notYet: /\blater\b|\bonce they arrive\b|\bwhen (user )?accounts arrive\b|\bnot yet\b/i,
    collections: /\bcollections?\b/i,
    reviews: /\breviews?\b/i,
  },
  {
    locale: 'fi',
    messages: fi as typeof en,
    // "… tulevat myöhemmin", "kun käyttäjätilit tulevat käyttöön", "ei vielä"
    notYet: /myöhemmin|tulevat käyttöön|\bei vielä\b/i,
    collections: /kokoelm/i,
    reviews: /arvostel/i,
  },
];

describe.each(LOCALES)('static pages in $locale', ({ messages, notYet, collections, reviews }) => {
  it.each(PAGES)('%s says nothing is coming later', (page) => {
    expect(pageText(messages, page).match(notYet)).toBeNull();
  });

  it.each(PAGES)('%s speaks of collections and reviews', (page) => {
    const text = pageText(messages, page);
    expect(text).toMatch(collections);
    expect(text).toMatch(reviews);
  });

  it.each(PAGES)('%s shows every section its messages hold', (page) => {
    expect([...STATIC_PAGE_SECTIONS[page]].sort()).toEqual(Object.keys(messages.static[page].sections).sort());
  });
});

describe('the privacy policy', () => {
  it('tells members how to delete their account and which cookies are used, in both locales', () => {
    expect(en.static.privacy.sections.deletion.p1).toMatch(/Edit my data/);
    expect(fi.static.privacy.sections.deletion.p1).toMatch(/Muokkaa tietojani/);
    expect(en.static.privacy.sections.cookies.p1).toMatch(/session cookie/);
    expect(en.static.privacy.sections.cookies.p1).toMatch(/180 days/);
    expect(fi.static.privacy.sections.cookies.p1).toMatch(/istuntoevästettä/);
    expect(fi.static.privacy.sections.cookies.p1).toMatch(/180 päivän/);
  });
});
