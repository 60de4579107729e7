/**
 * Placeholders in the Finnish texts that Finnish cannot inflect. A member's or a collection's name
 * goes into a sentence as it is (nominative), so the sentence must be built around it:
 *
 * - A collection's name (free text of several words, or a default name like "Omistetut julkaisut")
 *   after a case form of "kokoelma" is quoted (”{name}”) or wrapped in a rich-text tag (a link), so
 *   that it does not run into the sentence ("Lisätty kokoelmaan Halutut julkaisut.").
 * - `{actor}` in the notification texts is filled by `fillPlaceholders` (lib/data/notifications.ts),
 *   not by ICU, and is "Entinen jäsen" when the member has deleted their account; it is the subject
 *   at the start of the text or the value after a label ("vaihtokumppani: {actor}"), never attached
 *   to an inflected word ("käyttäjän Entinen jäsen kanssa").
 * - A member's name never follows an ablative ("käyttäjältä {name}" means "received from the user",
 *   not "by"): a byline is written as a label ("Keräilijä: {name}").
 */
import { describe, expect, it } from 'vitest';
import fi from '@/messages/fi.json';

type Messages = { [key: string]: string | Messages };

function flatten(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value]] : flatten(value, path);
  });
}

/** A bare `{placeholder}` right after a case form of "kokoelma", or a collection name placeholder not quoted or tagged. */
function unquotedCollectionName(text: string): boolean {
  return /\bkokoelm\p{L}*\s+\{\w+\}/iu.test(text) || /(^|[^”>])\{(collection|collectionName)\}/u.test(text);
}

/** `{actor}` somewhere else than at the start of the text or after a label's colon. */
function actorNotStandalone(text: string): boolean {
  return [...text.matchAll(/\{actor\}/g)].some((m) => m.index !== 0 && text.slice(m.index - 2, m.index) !== ': ');
}

/** A member placeholder right after a word in the ablative (-lta/-ltä). */
function memberAfterAblative(text: string): boolean {
  return /\p{L}+(lta|ltä)\s+(<\w+>)?\{(name|actor|user)\}/u.test(text);
}

const fiFlat = flatten(fi as Messages);

describe('Finnish texts with names Finnish cannot inflect', () => {
  it('quote or tag a collection name after a case form of "kokoelma"', () => {
    expect(fiFlat.filter(([, text]) => unquotedCollectionName(text)).map(([key]) => key)).toEqual([]);
  });

  it('put {actor} of a notification at the start or after a label', () => {
    const notifications = fiFlat.filter(([key]) => key.startsWith('notifications.types.'));
    expect(notifications.length).toBeGreaterThan(0);
    expect(notifications.filter(([, text]) => actorNotStandalone(text)).map(([key]) => key)).toEqual([]);
  });

  it('never write a member name after an ablative ("käyttäjältä {name}")', () => {
    expect(fiFlat.filter(([, text]) => memberAfterAblative(text)).map(([key]) => key)).toEqual([]);
  });

  it('detect the mistakes they guard against (self-check of the rules)', () => {
    expect(unquotedCollectionName('Lisätty kokoelmaan {collection}.')).toBe(true);
    expect(unquotedCollectionName('Tuo kokoelmaan {name}')).toBe(true);
    expect(unquotedCollectionName('{file} tuotu kokoelmaan {name} {date}')).toBe(true);
    expect(unquotedCollectionName('Lisätty kokoelmaan ”{collection}”.')).toBe(false);
    expect(
      unquotedCollectionName('lisäsi <item>{itemName}</item> kokoelmaan <collection>{collectionName}</collection>'),
    ).toBe(false);
    expect(actorNotStandalone('Vaihto-osuma käyttäjän {actor} kanssa: ”{subject}”')).toBe(true);
    expect(actorNotStandalone('Vaihto-osuma: ”{subject}” (vaihtokumppani: {actor})')).toBe(false);
    expect(actorNotStandalone('{actor} lähetti sinulle kaveripyynnön')).toBe(false);
    expect(memberAfterAblative('käyttäjältä {name}')).toBe(true);
    expect(memberAfterAblative('Keräilijä: {name}')).toBe(false);
    expect(memberAfterAblative('Käyttäjällä <user>{name}</user> on vaihdettavana tämä julkaisu')).toBe(false);
  });
});
