import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

/**
 * The next step from an empty stream or trade list, which only friends fill: a link to the users
 * list (/users), where a member finds collectors and adds them as friends.
 */
export async function FindCollectorsLink({ locale }: { locale: string }) {
  const t = await getTranslations({ locale, namespace: 'social' });
  return (
    <p className="mt-4">
      <Link
        href="/users"
        className="inline-flex min-h-10 items-center rounded-lg bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong"
        data-testid="find-collectors"
      >
        {t('findCollectors')}
      </Link>
    </p>
  );
}
