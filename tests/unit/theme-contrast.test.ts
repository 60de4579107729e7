import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUTED_BAR_COLOR } from '@/lib/charts';
import { composite, contrastRatio, parseColor, type Rgba } from '@/lib/theme/contrast';
import { THEME_BAR_COLORS } from '@/lib/theme/theme-script';

/**
 * The colour tokens of app/globals.css in both themes, read from the stylesheet's text: every
 * pair of colours the components put together must keep WCAG contrast in the light and the dark
 * theme (4.5:1 for text, 3:1 for focus rings, chart bars and state borders).
 */

const CSS = fs.readFileSync(path.join(process.cwd(), 'app/globals.css'), 'utf8');
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** The `--color-*` declarations of the `@theme` block: name → its raw value. */
function colorTokens(css: string): Map<string, string> {
  const block = /@theme\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  return new Map([...block.matchAll(/--color-([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

/** The two colours of a `light-dark(a, b)` value (split at its one top-level comma), or null. */
function lightDark(value: string): Record<Theme, string> | null {
  const inner = /^light-dark\((.*)\)$/.exec(value)?.[1];
  if (!inner) return null;
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '(') depth++;
    else if (inner[i] === ')') depth--;
    else if (inner[i] === ',' && depth === 0)
      return { light: inner.slice(0, i).trim(), dark: inner.slice(i + 1).trim() };
  }
  return null;
}

const TOKENS = colorTokens(CSS);

/**
 * A colour as the utilities write it in `theme`: a token (`panel`), a token or `white`/`black`
 * with a Tailwind opacity (`accent-soft/40`, `black/20`), or a literal CSS colour (`#6b7280`).
 */
function color(name: string, theme: Theme): Rgba {
  if (name.startsWith('#')) return parseColor(name);
  const [token, percent] = name.split('/');
  const base =
    token === 'white' ? parseColor('#ffffff') : token === 'black' ? parseColor('#000000') : tokenColor(token, theme);
  return percent === undefined ? base : { ...base, a: base.a * (Number(percent) / 100) };
}

function tokenColor(token: string, theme: Theme): Rgba {
  const value = TOKENS.get(token);
  if (!value) throw new Error(`no token --color-${token}`);
  const pair = lightDark(value);
  if (!pair) throw new Error(`--color-${token} is not light-dark(): ${value}`);
  return parseColor(pair[theme]);
}

/** A background of layers, bottom first (`['panel', 'tint']`: tint over panel), as one opaque colour. */
function surface(layers: string[], theme: Theme): Rgba {
  const [bottom, ...rest] = layers.map((l) => color(l, theme));
  if (bottom.a !== 1) throw new Error(`the bottom layer ${layers[0]} is not opaque`);
  return rest.reduce((under, over) => composite(over, under), bottom);
}

/** Text colours on the surfaces they are used on (4.5:1). */
const TEXT: [string, string[]][] = [
  ...['ink', 'muted', 'accent-strong'].flatMap((fg): [string, string[]][] => [
    [fg, ['paper']],
    [fg, ['panel']],
    [fg, ['panel', 'tint']],
    [fg, ['paper', 'tint']],
    [fg, ['panel', 'accent-soft']],
    [fg, ['panel', 'accent-soft/40']],
    [fg, ['paper', 'accent-soft/40']],
    [fg, ['panel', 'panel/95']],
  ]),
  ['ink', ['warn-soft']],
  ['white', ['accent']],
  ['white', ['accent-hover']],
  ['white', ['accent', 'black/20']],
  ['paper', ['ink']],
  ['ok-ink', ['ok-soft']],
  ['warn-ink', ['warn-soft']],
  ['bad-ink', ['bad-soft']],
];

/** Non-text colours that carry meaning (3:1): focus rings, chart bars, chosen-state borders. */
const GRAPHICS: [string, string[]][] = [
  ['focus', ['paper']],
  ['focus', ['panel']],
  ['accent', ['panel']],
  ['accent', ['paper']],
  [MUTED_BAR_COLOR, ['panel']],
];

describe('theme colour tokens', () => {
  it('give every colour token a light and a dark value', () => {
    expect(TOKENS.size).toBeGreaterThanOrEqual(9);
    const single = [...TOKENS].filter(([, value]) => !lightDark(value)).map(([name]) => name);
    expect(single).toEqual([]);
  });

  for (const theme of THEMES) {
    it(`keep 4.5:1 for text and 3:1 for graphics in the ${theme} theme`, () => {
      const failing = [
        ...TEXT.map(([fg, bg]) => [fg, bg, 4.5] as const),
        ...GRAPHICS.map(([fg, bg]) => [fg, bg, 3] as const),
      ]
        .map(([fg, bg, min]) => {
          const ratio = contrastRatio(composite(color(fg, theme), surface(bg, theme)), surface(bg, theme));
          return { pair: `${fg} on ${bg.join(' + ')}`, ratio: Math.round(ratio * 100) / 100, min };
        })
        .filter(({ ratio, min }) => ratio < min);
      expect(failing).toEqual([]);
    });
  }

  it('name the panel colour of each theme as the browser bar colour', () => {
    for (const theme of THEMES) expect(color(THEME_BAR_COLORS[theme], theme)).toEqual(tokenColor('panel', theme));
  });
});

describe('contrast', () => {
  it('follow the WCAG examples', () => {
    expect(contrastRatio(parseColor('#000'), parseColor('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#777777'), parseColor('#ffffff'))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(parseColor('#ffffff'), parseColor('#ffffff'))).toBe(1);
  });

  it('read hex and rgb() colours with alpha and composite them', () => {
    expect(parseColor('#ffffff88')).toEqual({ r: 255, g: 255, b: 255, a: 0x88 / 255 });
    expect(parseColor('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc, a: 1 });
    expect(parseColor('rgb(255 255 255 / 0.07)')).toEqual({ r: 255, g: 255, b: 255, a: 0.07 });
    expect(parseColor('rgba(0, 0, 0, 50%)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 });
    expect(composite(parseColor('rgb(0 0 0 / 0.5)'), parseColor('#ffffff'))).toEqual({
      r: 127.5,
      g: 127.5,
      b: 127.5,
      a: 1,
    });
    expect(() => parseColor('oklch(50% 0.1 20)')).toThrow();
  });
});
