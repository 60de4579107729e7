import { describe, expect, it } from 'vitest';
import { barChartSvg, CHART_BARS_CLASS, MUTED_BAR_COLOR } from '@/lib/charts';

/** The shown texts of an SVG's text elements (bar names, counts, ticks; not their titles), no-break spaces decoded. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)</g)].map((m) => m[1].replace(/&#160;/g, '\u00a0'));
}

const LONG = 'Paramount Pictures Home Entertainment';
const TOO_LONG = 'Ultra Long Label Name That Goes On and On Home Entertainment Distribution Company';

describe('server-rendered bar charts', () => {
  it('draw one bar and one value label per group, with the accessible name, and escape text', () => {
    const svg = barChartSvg(
      [
        { label: 'Blu-ray', count: 12 },
        { label: '<script>alert(1)</script> & co', count: 3 },
      ],
      { ariaLabel: 'By format: bar chart', locale: 'en' },
    );
    expect(svg.startsWith('<svg')).toBe(true);
    // One image with one name: its parts carry no ARIA names of their own.
    expect(svg).toMatch(/^<svg[^>]* role="img"/);
    expect(svg.match(/aria-label="[^"]*"/g)).toEqual(['aria-label="By format: bar chart"']);
    expect(svg).not.toContain('aria-description');
    expect(svg.match(/<rect/g)?.length).toBe(2);
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('>12<');
  });

  it('draw a muted bar ("not known") in grey and the others in the chart colour', () => {
    const svg = barChartSvg(
      [
        { label: 'Arrow Video', count: 4 },
        { label: 'Not known', count: 2, muted: true },
      ],
      { ariaLabel: 'By label', locale: 'en' },
    );
    const fills = [...svg.matchAll(/<rect[^>]*fill="([^"]+)"/g)].map((m) => m[1]);
    expect(fills).toEqual(['currentColor', MUTED_BAR_COLOR]);
    // The chart colour is the `color` of the bars' group, which the stylesheet sets per theme.
    expect(svg).toMatch(new RegExp(`<g[^>]*class="${CHART_BARS_CLASS}"[^>]*>\\s*<rect`));
  });

  it('write counts and ticks for the locale', () => {
    const bars = [
      { label: 'Blu-ray', count: 1250 },
      { label: 'DVD', count: 3 },
    ];
    expect(texts(barChartSvg(bars, { ariaLabel: 'x', locale: 'fi' }))).toContain('1\u00a0250');
    expect(texts(barChartSvg(bars, { ariaLabel: 'x', locale: 'en' }))).toContain('1,250');
    expect(texts(barChartSvg(bars, { ariaLabel: 'x', locale: 'en' }))).toContain('1,000');
  });

  it('wide: give a long label name the room it needs, and cut only a longer one, with its full name as the title', () => {
    const svg = barChartSvg(
      [
        { label: LONG, count: 5 },
        { label: TOO_LONG, count: 2 },
        { label: 'Criterion', count: 1 },
      ],
      { ariaLabel: 'By label', locale: 'en', layout: 'wide' },
    );
    const shown = texts(svg);
    expect(shown).toContain(LONG);
    expect(shown).toContain('Criterion');
    const cut = shown.find((t) => t.startsWith('Ultra Long'));
    expect(cut).toMatch(/…$/);
    expect(cut!.length).toBeLessThan(TOO_LONG.length);
    expect(svg).toContain(`<title>${TOO_LONG}</title>`);
    // The label column starts inside the chart: the bars begin at the left margin the names need.
    expect(svg).toMatch(/<rect[^>]* x="(2[5-9]\d|300)"/);
  });

  it('wide: short names are never cut', () => {
    for (const label of ['4K UHD', '2020s', 'VHS']) {
      const svg = barChartSvg([{ label, count: 10 }], { ariaLabel: 'x', locale: 'en', layout: 'wide' });
      expect(texts(svg)).toContain(label);
      expect(svg).not.toContain('…');
    }
  });

  it('narrow: each name on its own line above its bar, starting at the left edge', () => {
    const svg = barChartSvg(
      [
        { label: LONG, count: 5 },
        { label: 'Universal Studios Home Entertainment', count: 2 },
      ],
      { ariaLabel: 'By label', locale: 'fi', layout: 'narrow' },
    );
    expect(svg).toContain('viewBox="0 0 360 ');
    expect(texts(svg)).toEqual(expect.arrayContaining([LONG, 'Universal Studios Home Entertainment']));
    expect(svg).not.toContain('<title>');
    // Bars start at the small left margin, not after a label column.
    expect([...svg.matchAll(/<rect[^>]* x="(\d+(?:\.\d+)?)"/g)].map((m) => Number(m[1]))).toEqual([8, 8]);
  });
});
