/**
 * A change request's or revision's field value as text for the admin queue and the history:
 * null or an empty list as the "empty" sign, lists joined with ", ", booleans as yes / no, audio
 * tracks as "language system", credits as "person (role)", other objects as compact JSON. Pure.
 */
export function fieldValueText(value: unknown, words: { empty: string; yes: string; no: string }): string {
  if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.map((v) => itemText(v)).join(', ');
  if (typeof value === 'object') return itemText(value);
  return String(value);
}

function itemText(v: unknown): string {
  if (v == null) return '';
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  if (typeof o.language === 'string' && typeof o.system === 'string') return `${o.language} ${o.system}`;
  if (typeof o.person === 'string' && typeof o.role === 'string')
    return `${o.person} (${o.role}${o.character ? `: ${String(o.character)}` : ''})`;
  if (typeof o.movie === 'string' && o.kind != null) return `${o.movie} (${String(o.kind)})`;
  return JSON.stringify(v);
}
