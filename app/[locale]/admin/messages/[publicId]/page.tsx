import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PlainText } from '@/components/community/plain-text';
import { ContactAdminActions } from '@/components/contact/contact-admin-actions';
import { ContactSenderName } from '@/components/contact/contact-sender';
import { PageHeading } from '@/components/listing/page-heading';
import { canHandleContactMessages } from '@/lib/auth/policies';
import { currentActor } from '@/lib/auth/session';
import { getContactMessage } from '@/lib/data/contact';
import { formatDateTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { siteTimeZone } from '@/lib/time-zone';
import { CONTACT_MAIL_LOCALES } from '@/lib/validation/contact';
import { isPublicId } from '@/lib/validation/listing';

type Props = { params: Promise<{ locale: string; publicId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, publicId } = await params;
  const t = await getTranslations({ locale, namespace: 'contact.admin' });
  return pageMetadata({
    locale,
    path: `/admin/messages/${publicId}`,
    title: t('title'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /admin/messages/{public_id} (admins only; 404 to everyone else and for an unknown id): one
 * contact message: subject, sender (a member's profile link or a visitor's name; no address), the
 * item it is about, when it came, its state, the text, the answer mailed (by whom, when), and the
 * controls: answer by mail (the sender's address stays on the server) and close.
 * Data: lib/data/contact.ts getContactMessage; the controls post to /api/contact/{id}/answer, /close.
 */
export default async function ContactMessagePage({ params }: Props) {
  const { locale, publicId } = await params;
  setRequestLocale(locale);
  const actor = await currentActor();
  if (!canHandleContactMessages(actor) || !isPublicId(publicId)) notFound();
  const m = await getContactMessage(actor, publicId);
  if (!m) notFound();
  const t = await getTranslations({ locale, namespace: 'contact.admin' });
  const zone = siteTimeZone();
  const when = (iso: string) => formatDateTime(iso, locale, zone);

  return (
    <div data-testid="contact-message" data-status={m.status}>
      <PageHeading title={m.subject}>
        <p className="mt-2">
          <Link href="/admin/messages" className="underline">
            {t('back')}
          </Link>
        </p>
      </PageHeading>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{t('from')}</dt>
        <dd>
          <ContactSenderName sender={m.sender} locale={locale} />
        </dd>
        <dt className="font-medium">{t('status')}</dt>
        <dd data-testid="contact-status">{t(`state.${m.status}`)}</dd>
      </dl>
      <p className="mb-4 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
        {m.item ? (
          <Link href={`/${m.item.type}/${m.item.public_id}`} className="underline">
            {t('about', { name: m.item.name })}
          </Link>
        ) : null}
        <span>{t('received', { date: when(m.created_at) })}</span>
        {m.closed_at ? <span>{t('closed', { date: when(m.closed_at) })}</span> : null}
      </p>
      <section className="mb-6 max-w-3xl rounded-lg border border-line bg-panel p-4">
        <PlainText text={m.message} testId="contact-text" />
      </section>
      {m.answer ? (
        <section className="mb-6 max-w-3xl rounded-lg border border-line bg-paper p-4" data-testid="contact-answer">
          <h2 className="mb-2 font-semibold">
            {m.answered_by
              ? t('answered', { name: m.answered_by.name, date: when(m.answered_at ?? m.created_at) })
              : t('answeredUnknown', { date: when(m.answered_at ?? m.created_at) })}
          </h2>
          <PlainText text={m.answer} />
        </section>
      ) : null}
      {m.status !== 'closed' && !m.answerable ? <p className="mb-4 text-sm">{t('noAddress')}</p> : null}
      <div className="max-w-3xl">
        <ContactAdminActions
          publicId={m.public_id}
          canAnswer={m.status !== 'closed' && m.answerable}
          canClose={m.status !== 'closed'}
          locale={locale}
          words={{
            answer: t('answer'),
            answerHint: t('answerHint'),
            answerLanguage: t('answerLanguage'),
            languages: CONTACT_MAIL_LOCALES.map((l) => [l, t(`languages.${l}`)]),
            sendAnswer: t('sendAnswer'),
            sending: t('sending'),
            answerSent: t('answerSent'),
            close: t('close'),
            closedNow: t('closedNow'),
            failed: t('failed'),
          }}
        />
      </div>
    </div>
  );
}
