import { getTranslations } from 'next-intl/server';
import { ReleaseGrid } from '@/components/releases/release-card';
import type { ReleaseListItem } from '@/lib/data/types';
import { FORMAT_IDS } from '@/lib/validation/enums';
import { enumKey } from '@/lib/i18n/keys';

/**
 * All releases of a film grouped by format (4K first, then Blu-ray, DVD, VHS), each group with its
 * count. `headingLevel`: the level of the format headings, one below the heading the groups sit
 * under (3 under the overview's "Releases", 2 on the releases tab itself).
 */
export async function ReleasesByFormat({
  releases,
  locale,
  headingLevel = 3,
  pick = false,
}: {
  releases: ReleaseListItem[];
  locale: string;
  headingLevel?: 2 | 3;
  /** Each card carries the compare checkbox (inside a ComparePicker form). */
  pick?: boolean;
}) {
  const te = await getTranslations({ locale, namespace: 'enums' });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const order = [7, 11, 1, 5, 3, 4, 2].filter((id) => (FORMAT_IDS as number[]).includes(id));
  const groups = order
    .map((format) => ({ format, items: releases.filter((r) => r.format === format) }))
    .filter((g) => g.items.length > 0);
  return (
    <div className="space-y-6" data-testid="releases-by-format">
      {groups.map((g) => (
        <section key={g.format} data-format={g.format} aria-labelledby={`format-${g.format}`}>
          <Heading id={`format-${g.format}`} className="mb-2 text-lg font-semibold">
            {te(enumKey('formats', g.format))} <span className="text-muted">({g.items.length})</span>
          </Heading>
          <ReleaseGrid releases={g.items} locale={locale} pick={pick} />
        </section>
      ))}
    </div>
  );
}
