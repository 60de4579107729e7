import 'server-only';
/**
 * Server-rendered SVG charts (Observable Plot over a linkedom document: no browser JavaScript).
 * Used by the statistics view of a collection; each chart is shown with a table of the same
 * numbers as its fallback.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';

/** A horizontal bar chart of labelled counts as SVG markup (text escaped by the DOM serializer). */
export function barChartSvg(
  bars: { label: string; count: number }[],
  opts: { ariaLabel: string; color?: string },
): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const longest = Math.max(...bars.map((b) => b.label.length), 4);
  const max = Math.max(...bars.map((b) => b.count), 1);
  const chart = Plot.plot({
    // Plot takes any DOM Document; linkedom's implements what Plot uses.
    document: document as unknown as Document,
    ariaLabel: opts.ariaLabel,
    width: 640,
    height: 28 * bars.length + 40,
    marginLeft: Math.min(240, 24 + longest * 7.5),
    marginRight: 40,
    style: { fontSize: '12px', background: 'transparent' },
    // Counts are whole numbers: at most 5 ticks, never more than the largest count.
    x: {
      grid: true,
      label: null,
      ticks: Math.min(5, max),
      tickFormat: (d: number) => (Number.isInteger(d) ? String(d) : ''),
    },
    y: { label: null, domain: bars.map((b) => b.label) },
    marks: [
      Plot.barX(bars, { x: 'count', y: 'label', fill: opts.color ?? '#b4231f' }),
      Plot.text(bars, {
        x: 'count',
        y: 'label',
        text: (b: { count: number }) => String(b.count),
        dx: 12,
        textAnchor: 'start',
      }),
      Plot.ruleX([0]),
    ],
  });
  return (chart as unknown as Element).outerHTML;
}
