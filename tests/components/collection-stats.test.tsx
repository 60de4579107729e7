// @vitest-environment node
// The charts are SVG with a <style> element, which happy-dom's HTML parser stops at; linkedom (the
// DOM the charts are drawn with) reads the rendered page instead.
import { parseHTML } from 'linkedom';
import { describe, expect, it, vi } from 'vitest';
import { CollectionStatsView } from '@/components/collections/collection-stats';
import { MUTED_BAR_COLOR, CHART_BARS_CLASS } from '@/lib/charts';
import type { CollectionStats } from '@/lib/data/collection-stats';
import { serverHtml } from './support/server-components';

vi.mock('next-intl/server', async () => (await import('./support/server-components')).intlServer);

vi.mock('@/lib/i18n/navigation', async () => (await import('./support/server-components')).navigation);

/** Eight releases: all VHS, one with a known release year, none with a label, all from Finland. */
const STATS: CollectionStats = {
  category: 'releases',
  entries: 8,
  by_format: [{ key: '2', count: 8 }],
  by_decade: [{ key: '1980', count: 8 }],
  by_release_decade: [{ key: '1980', count: 1 }],
  by_label: [],
  by_country: [{ key: '4', count: 8 }],
  not_known: { format: 0, decade: 0, release_decade: 7, label: 8, country: 0 },
  value: {
    total_eur: '100.00',
    weighted_eur: '85.00',
    priced_count: 8,
    entries_count: 8,
    average_eur: '12.50',
    rates_date: '2024-12-31',
    rates_source: 'ECB',
  },
};

/** The statistics page as a document. */
async function statsPage(locale: 'en' | 'fi'): Promise<Document> {
  const html = await serverHtml(
    await CollectionStatsView({ stats: STATS, name: 'VHS', publicId: 'colVhs0001', locale }),
  );
  return parseHTML(`<!doctype html><html><body>${html}</body></html>`).document as unknown as Document;
}

/** The rows of a chart's table as "group: count". */
function tableRows(doc: Document, testId: string): string[] {
  const section = doc.querySelector(`[data-testid="${testId}"]`);
  if (!section) throw new Error(`no ${testId}`);
  return [...section.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((td) => td.textContent).join(': '),
  );
}

describe('CollectionStatsView (charts account for every entry)', () => {
  it('adds a grey "Not known" bar for the entries a grouping cannot place, so the bars add up', async () => {
    const doc = await statsPage('en');
    expect(tableRows(doc, 'stats-release-decade')).toEqual(['1980s: 1', 'Not known: 7']);
    expect(tableRows(doc, 'stats-format')).toEqual(['VHS: 8']);
    for (const layout of ['narrow', 'wide']) {
      const chart = doc.querySelector(`[data-testid="stats-release-decade"] [data-layout="${layout}"]`);
      const fills = [...(chart?.querySelectorAll('rect') ?? [])].map((r) => r.getAttribute('fill'));
      // The known bar takes the theme's accent through currentColor (lib/charts.ts CHART_BARS_CLASS).
      expect(fills).toEqual(['currentColor', MUTED_BAR_COLOR]);
      expect(chart?.querySelector(`.${CHART_BARS_CLASS} rect`)).toBeTruthy();
    }
  });

  it('leaves out a grouping where nothing is known, and writes Finnish', async () => {
    const doc = await statsPage('fi');
    expect(doc.querySelector('[data-testid="stats-label"]')).toBeNull();
    expect(tableRows(doc, 'stats-release-decade')).toEqual(['1980-luku: 1', 'Ei tiedossa: 7']);
    expect(tableRows(doc, 'stats-country')).toEqual(['Suomi: 8']);
  });
});
