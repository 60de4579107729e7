import { buttonClass } from '@/components/ui/button';
import { MAX_QUERY_LENGTH } from '@/lib/validation/listing';

/** A select of a search form: its query parameter, label, current value and options `[value, label]`. */
export type FilterSelect = { name: string; label: string; value: string; options: [string, string][] };

const CONTROL = 'min-h-10 min-w-0 rounded-lg border border-line bg-panel px-3 text-base';

/**
 * A search-and-filter form of a list page (server-rendered): a plain GET form, so it works without script,
 * with a text field `q` (at most MAX_QUERY_LENGTH characters), any selects beside it and a submit
 * button; every control has a visible label. Wraps to one control per line on phones. `hidden`:
 * parameters the form sends unchanged (the list's other filters, kept when the words change).
 */
export function FilterForm({
  q,
  label,
  placeholder,
  selects = [],
  hidden = [],
  submit,
  testId,
}: {
  q: string | null;
  label: string;
  placeholder: string;
  selects?: FilterSelect[];
  hidden?: [string, string][];
  submit: string;
  testId: string;
}) {
  return (
    <form role="search" method="get" className="mb-4 flex flex-wrap items-end gap-2" data-testid={testId}>
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
        <span className="font-medium">{label}</span>
        <input
          name="q"
          type="search"
          defaultValue={q ?? ''}
          placeholder={placeholder}
          maxLength={MAX_QUERY_LENGTH}
          className={CONTROL}
        />
      </label>
      {selects.map((s) => (
        <label key={s.name} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{s.label}</span>
          <select name={s.name} defaultValue={s.value} className={CONTROL}>
            {s.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit" className={buttonClass('secondary')}>
        {submit}
      </button>
    </form>
  );
}
