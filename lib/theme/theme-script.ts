/**
 * The colour theme switch without client JavaScript in the app's bundles: pages are cached and
 * shared by everyone (lib/page-cache.ts), so the server cannot render a member's theme; instead
 * the root layout puts {@link THEME_SCRIPT} inline in <head>, where it runs before the first paint.
 *
 * The choice (`system`, `light` or `dark`) is remembered in this browser's localStorage under
 * {@link THEME_STORAGE_KEY} (no key: `system`). The script
 * 1. sets `data-theme="light"|"dark"` on <html> for a fixed choice and removes it for `system`,
 *    which app/globals.css turns into the `color-scheme` the colour tokens follow (the system
 *    setting is then followed live by CSS alone);
 * 2. checks the radio button of the choice among the drawer's `input[data-theme-choice]`
 *    (components/layout/theme-switch.tsx) once the document is parsed;
 * 3. listens to `change` events on the document: choosing a radio button stores the choice and
 *    applies it; a choice made in another tab (the `storage` event) is applied too;
 * 4. points the `<meta name="theme-color">` elements at the chosen theme's bar colour;
 * 5. marks <html> `data-theme-ready`, which shows the switch (hidden when scripts are off);
 * 6. applies the choice again when React clears the attributes of <html>: a client-side
 *    navigation to the other locale mounts another root layout, and React 19 then empties the
 *    attributes of the one <html> element and renders a new drawer (its System radio checked).
 *    The observer's callback runs as a microtask after React's synchronous commit, before the
 *    browser paints, so that navigation shows no flash either.
 * It is plain ES5 so that it runs as it is in every browser the app supports, and it survives a
 * browser that refuses localStorage (the system theme then applies and the choice lasts for the page).
 */

/** The theme choices, in the order the switch offers them. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
/** One theme choice. */
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** localStorage key of the remembered choice (`light` or `dark`; absent for `system`). */
export const THEME_STORAGE_KEY = 'discshelf-theme';

/**
 * The browser bar colour of each theme (`<meta name="theme-color">`): the panel colour of the top
 * bar, `--color-panel` of app/globals.css (tests/unit/theme-contrast.test.ts keeps them equal).
 */
export const THEME_BAR_COLORS = { light: '#ffffff', dark: '#1c1c21' } as const;

/** The inline script's text (see the module comment); the same bytes on every page. */
export const THEME_SCRIPT = `(function () {
  var KEY = ${JSON.stringify(THEME_STORAGE_KEY)};
  var BAR = ${JSON.stringify(THEME_BAR_COLORS)};
  var root = document.documentElement;
  var chosen = null;
  function stored() {
    try {
      var value = window.localStorage.getItem(KEY);
      return value === 'light' || value === 'dark' ? value : 'system';
    } catch (e) {
      return 'system';
    }
  }
  function apply(choice) {
    chosen = choice;
    if (choice === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', choice);
    root.setAttribute('data-theme-ready', '');
    var inputs = document.querySelectorAll('input[data-theme-choice]');
    for (var i = 0; i < inputs.length; i++) inputs[i].checked = inputs[i].value === choice;
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var j = 0; j < metas.length; j++) {
      var own = /dark/.test(metas[j].getAttribute('media') || '') ? 'dark' : 'light';
      metas[j].setAttribute('content', BAR[choice === 'system' ? own : choice]);
    }
  }
  apply(stored());
  document.addEventListener('DOMContentLoaded', function () {
    apply(chosen);
  });
  document.addEventListener('change', function (event) {
    var input = event.target;
    if (!input || !input.hasAttribute || !input.hasAttribute('data-theme-choice')) return;
    var choice = input.value === 'light' || input.value === 'dark' ? input.value : 'system';
    try {
      if (choice === 'system') window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, choice);
    } catch (e) {}
    apply(choice);
  });
  new MutationObserver(function () {
    if (!root.hasAttribute('data-theme-ready')) apply(chosen);
  }).observe(root, { attributes: true, attributeFilter: ['data-theme-ready'] });
  window.addEventListener('storage', function (event) {
    if (event.key === KEY || event.key === null) apply(stored());
  });
})();`;
