import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { FactList, FactRow } from '@/components/ui/fact-list';
import type { ReleaseDetail } from '@/lib/data/types';
import { formatDate, formatMoney, joinNames, siteOf } from '@/lib/format';
import { catalogueNames } from '@/lib/i18n/catalogue-names';
import { enumKey, keyFromData, type MessageKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';

type FieldKey = MessageKey<'releases.fields'>;
type Row = { key: FieldKey; label: string; value: ReactNode };

/**
 * Every release field that has a value, as a definition list: format, country,
 * label, label group and catalogue id, spine, dates, packaging, slipcover, region code, picture
 * and audio, HDR and immersive audio, 3D, out of print, EAN/UPC (or "No EAN code"), identifiers,
 * RRP, mastering fields, texts, extras, notes, review link.
 */
export async function ReleaseFields({ release, locale }: { release: ReleaseDetail; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'releases' });
  const te = await getTranslations({ locale, namespace: 'enums' });
  const names = await catalogueNames(locale);
  const f = (k: FieldKey) => t(`fields.${k}`);
  const yesNo = (v: boolean) => (v ? t('yes') : t('no'));
  const rows: Row[] = [];
  const add = (key: FieldKey, value: ReactNode | null | undefined | false) => {
    if (value === null || value === undefined || value === false || value === '') return;
    rows.push({ key, label: f(key), value });
  };
  add('format', te(enumKey('formats', release.format)));
  add(
    'country',
    release.country != null && te.has(enumKey('countries', release.country))
      ? te(enumKey('countries', release.country))
      : null,
  );
  add(
    'label',
    release.label ? (
      <Link href={`/label/${release.label.public_id}`} className="underline">
        {release.label.name}
      </Link>
    ) : null,
  );
  add('labelGroup', release.label_group);
  add('labelCatalogId', release.label_catalog_id);
  add('spine', release.spine_id != null ? String(release.spine_id) : null);
  add('releaseYear', release.release_year != null ? String(release.release_year) : null);
  add('streetDate', release.street_date ? formatDate(release.street_date, locale) : null);
  add('edition', release.edition.length ? joinNames(release.edition) : null);
  add('packageType', release.package_type);
  add('boxType', release.box_type);
  add('discsCount', release.discs_count != null ? String(release.discs_count) : null);
  if (release.slipcover > 0) {
    const kind = te(enumKey('slipcover', release.slipcover));
    add(
      'slipcover',
      release.slipcover_limited_count != null
        ? t('slipcoverLimited', { label: kind, count: release.slipcover_limited_count })
        : kind,
    );
  }
  add('limitedCopies', release.limited_copies != null ? String(release.limited_copies) : null);
  add('regionCode', release.region_code);
  add('aspectRatio', release.aspect_ratio);
  add('anamorphic', release.anamorphic != null ? yesNo(release.anamorphic) : null);
  add(
    'audioTracks',
    release.audio_tracks.length
      ? joinNames(
          release.audio_tracks.map((a) =>
            [a.language ? names.language(a.language) : null, a.system].filter(Boolean).join(' '),
          ),
        )
      : null,
  );
  add('subtitles', release.subtitles.length ? joinNames(release.subtitles.map(names.language)) : null);
  add('hdr', release.hdr.length ? joinNames(release.hdr) : null);
  add('immersiveAudio', release.immersive_audio.length ? joinNames(release.immersive_audio) : null);
  add('format3d', release.format_3d > 0 ? te(enumKey('format3d', release.format_3d)) : null);
  add('outOfPrint', release.out_of_print ? t('yes') : null);
  add(
    'ean',
    release.ean ? <span className="font-mono tabular-nums">{release.ean}</span> : release.no_ean ? f('noEan') : null,
  );
  add(
    'identifiers',
    release.identifiers.length ? (
      <ul>
        {release.identifiers.map((i) => (
          <li key={`${i.property}:${i.value}`}>
            {i.property}: <span className="font-mono">{i.value}</span>
            {i.comment ? ` (${i.comment})` : ''}
          </li>
        ))}
      </ul>
    ) : null,
  );
  add('ageRating', release.age_rating);
  add('rrp', release.rrp ? formatMoney(release.rrp, release.rrp_currency, locale) : null);
  add('scanResolution', release.scan_resolution);
  add('scanSource', release.scan_source);
  add('processing', release.processing);
  add('masteringDetails', release.mastering_details);
  const flags = Object.entries(release.tech_flags ?? {})
    .filter(([, on]) => on)
    .map(([k]) => {
      const key = keyFromData<`techFlags.${MessageKey<'releases.techFlags'>}`>(`techFlags.${k}`);
      return t.has(key) ? t(key) : k;
    });
  add('techFlags', flags.length ? joinNames(flags) : null);
  if (release.alternative_cuts_count != null || release.alternative_cuts_details) {
    add(
      'alternativeCuts',
      joinNames([
        release.alternative_cuts_count != null
          ? t('alternativeCutsCount', { count: release.alternative_cuts_count })
          : null,
        release.alternative_cuts_details,
      ]),
    );
  }
  add('extras', release.extras);
  add('extrasContinued', release.extras_continued);
  add('packagingNotes', release.packaging_notes);
  add('backcoverText', release.backcover_text);
  add('storyDescription', release.story_description);
  add('sleeveDescription', release.sleeve_description);
  add('notes', release.notes);
  add(
    'review',
    release.review_url ? (
      <a href={release.review_url} rel="noopener" target="_blank" className="underline" data-testid="external-review">
        {t('fields.readReview', { site: siteOf(release.review_url) })}
      </a>
    ) : null,
  );
  add('sourceId', release.source_id ? <span className="font-mono text-xs">{release.source_id}</span> : null);
  return (
    <section aria-labelledby="release-fields">
      <h2 id="release-fields" className="mb-3 text-xl font-bold">
        {f('heading')}
      </h2>
      <FactList testId="release-fields" wideLabels>
        {rows.map((r) => (
          <FactRow key={r.key} label={r.label} field={r.key}>
            {r.value}
          </FactRow>
        ))}
      </FactList>
    </section>
  );
}
