import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/lib/i18n/navigation';

/**
 * The next step from an empty stream or trade list, which only friends fill: a link to the users
 * list (/users), where a member finds collectors and adds them as friends.
 */
export async function FindCollectorsLink({ locale }: { locale: string }) {
  const t = await getTranslations({ locale, namespace: 'social' });
  return (
    <p className="mt-4">
      <Link href="/users" className={buttonClass('primary')} data-testid="find-collectors">
        {t('findCollectors')}
      </Link>
    </p>
  );
}
