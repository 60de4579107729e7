import { describe, expect, it } from 'vitest';
import { barChartSvg } from '@/lib/charts';

describe('server-rendered bar charts', () => {
  it('draw one bar and one value label per group, with the accessible name, and escape text', () => {
    const svg = barChartSvg(
      [
        { label: 'Blu-ray', count: 12 },
        { label: '<script>alert(1)</script> & co', count: 3 },
      ],
      { ariaLabel: 'By format: bar chart' },
    );
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('aria-label="By format: bar chart"');
    expect(svg.match(/<rect/g)?.length).toBe(2);
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('>12<');
  });
});
