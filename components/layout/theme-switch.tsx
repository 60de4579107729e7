import { useTranslations } from 'next-intl';
import { THEME_CHOICES } from '@/lib/theme/theme-script';

/**
 * The colour theme switch of the drawer: a radio group (System, Light, Dark; arrow keys move
 * between them). A server component with no client JavaScript of its own: the inline theme
 * script of the layout (lib/theme/theme-script.ts) checks the remembered choice once the page is
 * parsed and handles the `change` events of the `data-theme-choice` inputs. The server marks
 * System, the default, as checked. Hidden while the theme script has not run (scripts off),
 * as the switch could not work then (app/globals.css `[data-theme-switch]`).
 */
export function ThemeSwitch() {
  const t = useTranslations('theme');
  return (
    <fieldset data-theme-switch="" data-testid="theme-switch" className="mb-3">
      <legend className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">{t('label')}</legend>
      {THEME_CHOICES.map((choice) => (
        <label
          key={choice}
          className="flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-1.5 text-[0.9375rem] hover:bg-tint"
        >
          <input
            type="radio"
            name="theme"
            value={choice}
            defaultChecked={choice === 'system'}
            data-theme-choice=""
            className="size-4 accent-accent"
          />
          {t(choice)}
        </label>
      ))}
    </fieldset>
  );
}
