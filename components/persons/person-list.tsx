import { getTranslations } from 'next-intl/server';
import type { PersonListItem } from '@/lib/data/types';
import { Link } from '@/lib/i18n/navigation';

/** People in lists: name (link to /person/{id}) and number of credits. */
export async function PersonList({ persons, locale }: { persons: PersonListItem[]; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'persons' });
  return (
    <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3" data-testid="person-list">
      {persons.map((p) => (
        <li key={p.public_id} data-testid="person-item">
          <Link
            href={`/person/${p.public_id}`}
            prefetch={false}
            className="font-medium underline decoration-line hover:text-accent-strong"
          >
            {p.name}
          </Link>{' '}
          <span className="text-sm text-muted">{t('creditCount', { count: p.credit_count })}</span>
        </li>
      ))}
    </ul>
  );
}
