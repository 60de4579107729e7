import { getTranslations } from 'next-intl/server';
import { PageHeading } from '@/components/listing/page-heading';
import { LoginGate } from './login-gate';

/**
 * What a visitor gets on a member-only page (a form of a member action, the stream, the
 * notifications): the page's heading, 'You must be logged in to use this feature' and the login
 * dialog, opened at once. Once logged in the page renders again on the same address, with the
 * form ready (login-gate.tsx). Server component.
 */
export async function MemberGate({ locale, title }: { locale: string; title: string }) {
  const t = await getTranslations({ locale, namespace: 'account' });
  return (
    <div>
      <PageHeading title={title} />
      <LoginGate text={t('loginRequired')} button={t('login')} />
    </div>
  );
}
