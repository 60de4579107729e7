/** The words a value's text may need: the "empty" sign, yes and no. */
export type ValueWords = { empty: string; yes: string; no: string };

/**
 * A change request's or revision's field value as text for the admin queue and the history:
 * null or an empty list as the "empty" sign, lists joined with ", ", booleans as yes / no, audio
 * tracks as "language system", credits as "person (role)", connections as "movie (kind)", other
 * objects as compact JSON. `names` (public id → display name, lib/data/catalogue-form.ts
 * refNames) turns the ids of a reference field into names; an id it lacks stays as it is. Pure.
 */
export function fieldValueText(value: unknown, words: ValueWords, names?: Readonly<Record<string, string>>): string {
  if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.map((v) => itemText(v, names)).join(', ');
  return itemText(value, names);
}

function itemText(v: unknown, names: Readonly<Record<string, string>> | undefined): string {
  const named = (id: unknown) => (typeof id === 'string' && names && Object.hasOwn(names, id) ? names[id] : String(id));
  if (v == null) return '';
  if (typeof v !== 'object') return named(v);
  const o = v as Record<string, unknown>;
  if (typeof o.language === 'string' && typeof o.system === 'string') return `${o.language} ${o.system}`;
  if (typeof o.person === 'string' && typeof o.role === 'string')
    return `${named(o.person)} (${o.role}${o.character ? `: ${String(o.character)}` : ''})`;
  if (typeof o.movie === 'string' && o.kind != null) return `${named(o.movie)} (${String(o.kind)})`;
  return JSON.stringify(v);
}
