import type { Metadata } from 'next';
import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { listLabelsView } from '@/lib/data/labels';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

/** Home video labels (`/labels`): every label with its release count (lib/data/labels listLabelsView). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'labels' });
  return pageMetadata({ locale, path: '/labels', title: t('title'), description: t('description') });
}

export default async function LabelsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await connection();
  const t = await getTranslations({ locale, namespace: 'labels' });
  const tl = await getTranslations({ locale, namespace: 'listing' });
  const labels = await listLabelsView();
  return (
    <div data-testid="listing-labels">
      <PageHeading title={t('title')} lead={t('description')} />
      {labels.length ? (
        <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3" data-testid="label-list">
          {labels.map((l) => (
            <li key={l.public_id} data-testid="label-item">
              <Link
                href={`/label/${l.public_id}`}
                prefetch={false}
                className="font-medium underline decoration-line hover:text-accent-strong"
              >
                {l.name}
              </Link>{' '}
              <span className="text-sm text-muted">{t('releaseCount', { count: l.release_count })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={tl('noResults')}>{t('empty')}</EmptyState>
      )}
    </div>
  );
}
