import { getTranslations } from 'next-intl/server';
import type { PublicUser } from '@/lib/data/users';
import { Link } from '@/lib/i18n/navigation';

/** Users in lists: name (link to /user/{id}) and points. Public fields only. */
export async function UserList({ users, locale }: { users: PublicUser[]; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'users' });
  return (
    <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3" data-testid="user-list">
      {users.map((u) => (
        <li key={u.public_id} data-testid="user-item">
          <Link
            href={`/user/${u.public_id}`}
            prefetch={false}
            className="font-medium underline decoration-line hover:text-accent-strong"
          >
            {u.name}
          </Link>{' '}
          <span className="text-sm text-muted">{t('pointsCount', { count: u.points })}</span>
        </li>
      ))}
    </ul>
  );
}
