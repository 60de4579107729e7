import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ContactSenderName } from '@/components/contact/contact-sender';
import { EmptyState } from '@/components/listing/empty-state';
import { PageHeading } from '@/components/listing/page-heading';
import { Pagination } from '@/components/listing/pagination';
import { firstParam, type SearchParamsRecord } from '@/components/listing/searchable-list';
import { canHandleContactMessages } from '@/lib/auth/policies';
import { currentActor } from '@/lib/auth/session';
import { listContactMessages, type ContactStatus } from '@/lib/data/contact';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { truncate } from '@/lib/text';
import { siteTimeZone } from '@/lib/time-zone';
import { CONTACT_STATUSES } from '@/lib/validation/contact';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<SearchParamsRecord> };

/** The list's filters: one state, or every message (`all`). */
const FILTERS = [...CONTACT_STATUSES, 'all'] as const;
type Filter = (typeof FILTERS)[number];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'contact.admin' });
  return pageMetadata({
    locale,
    path: '/admin/messages',
    title: t('title'),
    description: t('description'),
    noindex: true,
  });
}

/**
 * /admin/messages (admins only; 404 to everyone else): the contact forms' messages, newest first,
 * the open ones by default (`?status=answered|closed|all`), 24 a page (`?cursor=`). Each shows its
 * subject (linking to the message, where it is answered and closed), the sender (a member's profile
 * link, a visitor's name; never an address), the item it is about, when it came, its state and the
 * start of its text. Data: lib/data/contact.ts listContactMessages.
 */
export default async function ContactMessagesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const actor = await currentActor();
  if (!canHandleContactMessages(actor)) notFound();
  const sp = await searchParams;
  const filter: Filter = FILTERS.find((f) => f === firstParam(sp, 'status')) ?? 'open';
  const cursor = firstParam(sp, 'cursor') || null;
  const href = (f: Filter) => `/admin/messages${f === 'open' ? '' : `?status=${f}`}`;
  let page;
  try {
    const status: ContactStatus | null = filter === 'all' ? null : filter;
    page = await listContactMessages(actor, { status }, { cursor });
  } catch (error) {
    if (cursor && error instanceof AppError && error.code === 'bad_cursor')
      return redirect({ href: href(filter), locale });
    throw error;
  }
  const t = await getTranslations({ locale, namespace: 'contact.admin' });
  const zone = siteTimeZone();
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm ${active ? 'border-accent bg-accent-soft font-semibold' : 'border-line'}`;

  return (
    <div data-testid="contact-inbox">
      <PageHeading title={t('title')} lead={t('description')} />
      <nav aria-label={t('filters')} className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link key={f} href={href(f)} className={chip(filter === f)} aria-current={filter === f ? 'true' : undefined}>
            {t(`statuses.${f}`)}
          </Link>
        ))}
      </nav>
      {page.items.length ? (
        <ol className="space-y-3">
          {page.items.map((m) => (
            <li key={m.public_id}>
              <article
                className="rounded-lg border border-line bg-panel p-4"
                aria-labelledby={`contact-${m.public_id}`}
                data-contact-message={m.public_id}
                data-status={m.status}
              >
                <header className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`contact-${m.public_id}`} className="text-lg font-semibold">
                    <Link href={`/admin/messages/${m.public_id}`} className="underline">
                      {m.subject}
                    </Link>
                  </h2>
                  <span className="rounded bg-accent-soft px-2 text-sm">{t(`state.${m.status}`)}</span>
                </header>
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
                  <span>
                    {t('from')}: <ContactSenderName sender={m.sender} locale={locale} />
                  </span>
                  {m.item ? (
                    <Link href={`/${m.item.type}/${m.item.public_id}`} className="underline">
                      {t('about', { name: m.item.name })}
                    </Link>
                  ) : null}
                  <span>{t('received', { date: formatDateTime(m.created_at, locale, zone) })}</span>
                </p>
                <p className="mt-2 break-words">{truncate(m.message, 240)}</p>
              </article>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState title={t('emptyTitle')}>{t('empty')}</EmptyState>
      )}
      <Pagination locale={locale} href={href(filter)} nextCursor={page.next_cursor} isFirstPage={!cursor} />
    </div>
  );
}
