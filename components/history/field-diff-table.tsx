import { fieldValueText, type ValueWords } from '@/components/admin/field-value';
import { REFERENCE_FIELDS } from '@/lib/validation/catalogue-fields';
import type { ChangeEntity } from '@/lib/validation/changes';
import { isMediaEntity } from '@/lib/validation/media-fields';

/** One field's row: its name, an optional line under it, and one value per value column. */
export type FieldDiffRow = {
  field: string;
  label: string;
  /** A line under the field's name ("changed since", "left as it is"); `strong` in the accent colour. */
  note?: { text: string; strong: boolean };
  values: unknown[];
  /** The index of a value shown in bold accent (a value changed since the suggestion). */
  strong?: number;
  /** data-* attributes of the row (tests and the keyboard flow read them). */
  data?: Record<`data-${string}`, string | undefined>;
};

/**
 * A table of field values side by side (the admin queue: as suggested against, now, proposed; the
 * history: before, after; a revert's preview: now, after the revert): a header row, then a row per
 * field with its name as the row header. Values are text (fieldValueText); ids in the entity's
 * reference fields show as the names `names` gives. Text wraps between words (the page's
 * overflow-wrap: anywhere would let a column shrink until "Toho" splits in two); a word longer than
 * its column (a URL) breaks, or the table scrolls sideways in its box. Server component: no
 * JavaScript.
 */
export function FieldDiffTable({
  entity,
  headers,
  rows,
  words,
  names,
}: {
  entity: ChangeEntity;
  /** The field column's header, then one per value column. */
  headers: readonly string[];
  rows: readonly FieldDiffRow[];
  words: ValueWords;
  names: Readonly<Record<string, string>>;
}) {
  // A picture's, video's or link's values are plain (its item is shown beside the table).
  const references = isMediaEntity(entity) ? {} : REFERENCE_FIELDS[entity];
  const last = headers.length - 1;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line">
            {headers.map((text, i) => (
              <th key={i} scope="col" className={`[overflow-wrap:normal] py-1 ${i < last ? 'pr-3' : ''}`}>
                {text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className="border-b border-line align-top" {...row.data}>
              <th scope="row" className="[overflow-wrap:normal] py-1 pr-3 font-medium">
                {row.label}
                {row.note ? (
                  <span className={`block text-xs ${row.note.strong ? 'text-accent-strong' : 'text-muted'}`}>
                    {row.note.text}
                  </span>
                ) : null}
              </th>
              {row.values.map((value, i) => (
                <td
                  key={i}
                  className={`[overflow-wrap:break-word] py-1 ${i + 1 < last ? 'pr-3' : ''} ${row.strong === i ? 'font-semibold text-accent-strong' : ''}`}
                >
                  {fieldValueText(value, words, Object.hasOwn(references, row.field) ? names : undefined)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
