import 'server-only';
/**
 * Server-rendered SVG charts (Observable Plot over a linkedom document: no browser JavaScript).
 * Used by the statistics view of a collection; each chart is shown with a table of the same
 * numbers as its fallback. Numbers are written for the page's locale (lib/format.ts).
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { formatNumber } from '@/lib/format';

/** One bar: its group's name and count; a `muted` bar (a "not known" group) is drawn in grey. */
export type Bar = { label: string; count: number; muted?: boolean };

/**
 * Colour of a muted bar: a grey of 4.5:1 against the light theme's panel and 3:1 against the dark
 * one's (tests/unit/theme-contrast.test.ts), so it serves both themes.
 */
export const MUTED_BAR_COLOR = '#6b7280';

/**
 * Class of the bars' group: its `color` (app/globals.css `.chart-bars`, the theme's accent) is
 * the bars' `currentColor`, so one server-rendered chart is drawn in the colours of either theme.
 */
export const CHART_BARS_CLASS = 'chart-bars';

/**
 * How the bars are laid out:
 * - `wide` (640 px, for screens from the `sm` breakpoint): names left of the bars, as much room
 *   as the longest name needs up to {@link WIDE_MAX_LABEL} px, a longer name cut with "…";
 * - `narrow` (360 px, for phones): each name on its own line above its bar, the whole width for
 *   the name.
 * A cut name keeps its full text as the SVG `<title>` (a tooltip, and read by screen readers).
 */
export type BarChartLayout = 'wide' | 'narrow';

const FONT_SIZE = 12;
/** Approximate width of one character of the chart font, in px (for the label column only). */
const CHAR_WIDTH = 8;
/** Widest label column of the wide layout, in px (of 640). */
export const WIDE_MAX_LABEL = 300;
const LAYOUT = {
  wide: { width: 640, rowHeight: 28 },
  narrow: { width: 360, rowHeight: 44 },
} as const;

/**
 * A horizontal bar chart of labelled counts as SVG markup (text escaped by the DOM serializer).
 * `locale` writes the counts and the axis ticks ("1,250" / "1 250"); `layout` as in
 * {@link BarChartLayout} (default `wide`); `ariaLabel` names the chart.
 */
export function barChartSvg(
  bars: Bar[],
  opts: { ariaLabel: string; locale: string; layout?: BarChartLayout; color?: string },
): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const layout = opts.layout ?? 'wide';
  const { width, rowHeight } = LAYOUT[layout];
  const max = Math.max(...bars.map((b) => b.count), 1);
  const count = (n: number) => formatNumber(n, opts.locale);
  const marginRight = 16 + 8 * count(max).length;
  const fill = opts.color ?? 'currentColor';
  const longest = Math.max(...bars.map((b) => b.label.length), 4);
  const labelRoom = layout === 'wide' ? Math.min(WIDE_MAX_LABEL, 24 + longest * CHAR_WIDTH) : 0;
  const marginLeft = layout === 'wide' ? labelRoom : 8;
  // Names are cut to the room they have, in ems of the font (Plot measures the text and adds the title).
  // Plot's estimate follows Helvetica; common system fonts run up to 15 % wider, hence the margin.
  const lineWidth = ((layout === 'wide' ? labelRoom - 8 : width - marginLeft - 4) / FONT_SIZE) * 0.87;
  const labelMarks =
    layout === 'wide'
      ? [Plot.axisY({ tickSize: 0, tickPadding: 8, lineWidth, textOverflow: 'ellipsis', label: null })]
      : [
          // The name sits in the top part of its row, the bar (inset below) in the rest.
          Plot.text(bars, {
            x: 0,
            y: 'label',
            text: 'label',
            textAnchor: 'start',
            dy: -rowHeight / 2 + 9,
            lineWidth,
            textOverflow: 'ellipsis',
            fill: 'currentColor',
          }),
        ];
  const chart = Plot.plot({
    // Plot takes any DOM Document; linkedom's implements what Plot uses.
    document: document as unknown as Document,
    ariaLabel: opts.ariaLabel,
    width,
    height: rowHeight * bars.length + 40,
    marginLeft,
    marginRight,
    style: { fontSize: `${FONT_SIZE}px`, background: 'transparent' },
    // Counts are whole numbers: at most 5 ticks (3 on the narrow chart), never more than the largest count.
    x: {
      grid: true,
      label: null,
      ticks: Math.min(layout === 'wide' ? 5 : 3, max),
      tickFormat: (d: number) => (Number.isInteger(d) ? count(d) : ''),
    },
    y: { label: null, domain: bars.map((b) => b.label), axis: null, padding: layout === 'wide' ? 0.1 : 0 },
    marks: [
      Plot.barX(bars, {
        x: 'count',
        y: 'label',
        // Colours as channel values: Plot draws CSS colours as they are (identity scale).
        fill: (b: Bar) => (b.muted ? MUTED_BAR_COLOR : fill),
        className: CHART_BARS_CLASS,
        ...(layout === 'narrow' ? { insetTop: 20, insetBottom: 6 } : {}),
      }),
      Plot.text(bars, {
        x: 'count',
        y: 'label',
        text: (b: Bar) => count(b.count),
        dx: 4,
        dy: layout === 'narrow' ? 7 : 0,
        textAnchor: 'start',
        fill: 'currentColor',
      }),
      ...labelMarks,
      // The zero line, on the wide chart only: on the narrow one it would run through the names.
      ...(layout === 'wide' ? [Plot.ruleX([0])] : []),
    ],
  });
  // The chart is one image named by its aria-label (the table beside it holds the numbers): its
  // parts are presentational, so the names Plot gives its mark groups ("bar", "rule"), which ARIA
  // does not allow on a `g` without a role, are dropped.
  const svg = chart as unknown as Element;
  svg.setAttribute('role', 'img');
  for (const part of svg.querySelectorAll('[aria-label], [aria-description]')) {
    part.removeAttribute('aria-label');
    part.removeAttribute('aria-description');
  }
  return svg.outerHTML;
}
