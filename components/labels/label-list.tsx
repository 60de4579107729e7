import { getTranslations } from 'next-intl/server';
import type { LabelListItem } from '@/lib/data/types';
import { Link } from '@/lib/i18n/navigation';

/** Labels in lists: name (link to /label/{id}) and number of approved releases. */
export async function LabelList({ labels, locale }: { labels: LabelListItem[]; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'labels' });
  return (
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
  );
}
