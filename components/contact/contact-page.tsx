import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { itemNotFoundMetadata } from '@/components/listing/item-not-found';
import { PageHeading } from '@/components/listing/page-heading';
import { redirectMergedMovie } from '@/components/movies/merged-movie';
import { currentActor } from '@/lib/auth/session';
import { getCatalogueItemName } from '@/lib/data/tombstones';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo';
import { isPublicId } from '@/lib/validation/listing';
import type { ContactFormLabels } from './contact-form';
import { ContactFormLoader } from './contact-form-loader';

/** The item of an item's contact page: movie or release, public id, name. */
export type ContactPageItem = { type: 'movie' | 'release'; publicId: string; name: string };

/** The item's name, read once per request; null for an unknown, deleted or unapproved item. */
const itemName = cache(async (type: 'movie' | 'release', publicId: string): Promise<string | null> => {
  if (!isPublicId(publicId)) return null;
  const row = await getCatalogueItemName(type, publicId);
  return row && !row.deleted ? row.name : null;
});

/**
 * The item of `/movie/{id}/contact` or `/release/{id}/contact`: a merged movie's old id redirects
 * (308) to the surviving movie's contact page; any other unknown, deleted or unapproved item
 * answers the item's 404 (notFound()).
 */
export async function contactItem(
  locale: string,
  type: 'movie' | 'release',
  publicId: string,
): Promise<ContactPageItem> {
  const name = await itemName(type, publicId);
  if (name != null) return { type, publicId, name };
  if (type === 'movie' && isPublicId(publicId)) await redirectMergedMovie({ locale, publicId, tab: 'contact' });
  notFound();
}

/**
 * Metadata of a contact page: "Contact" for `/contact` (indexed), "Contact us about {name}" for an
 * item's (not indexed; an unknown item: the 404 title).
 */
export async function contactMetadata(
  locale: string,
  item: { type: 'movie' | 'release'; publicId: string } | null,
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'contact' });
  if (!item) return pageMetadata({ locale, path: '/contact', title: t('title'), description: t('metaDescription') });
  const name = await itemName(item.type, item.publicId);
  if (name == null) return itemNotFoundMetadata(locale);
  return pageMetadata({
    locale,
    path: `/${item.type}/${item.publicId}/contact`,
    title: t('aboutTitle', { name }),
    description: t('metaDescription'),
    noindex: true,
  });
}

/** The contact form's texts in `locale`, for a member (`memberName`) or a visitor, about an item or not. */
async function formLabels(
  locale: string,
  memberName: string | null,
  itemName: string | null,
): Promise<ContactFormLabels> {
  const t = await getTranslations({ locale, namespace: 'contact.form' });
  return {
    name: t('name'),
    email: t('email'),
    emailHint: t('emailHint'),
    subject: t('subject'),
    message: t('message'),
    botCheck: t('botCheck'),
    botCheckHelp: t('botCheckHelp'),
    submit: t('submit'),
    submitting: t('submitting'),
    sentTitle: t('sentTitle'),
    sent: t('sent'),
    another: t('another'),
    member: memberName != null ? t('member', { name: memberName }) : null,
    about: itemName != null ? t('about', { name: itemName }) : null,
  };
}

/**
 * The contact page (`/contact`, or an item's with `item`): heading and lead, a link back to the
 * item, and the form (components/contact/contact-form.tsx) for a visitor (name, e-mail, bot check)
 * or the logged-in member (read per request: the route is dynamic). Posts to /api/contact.
 */
export async function ContactPage({ locale, item }: { locale: string; item: ContactPageItem | null }) {
  const t = await getTranslations({ locale, namespace: 'contact' });
  const actor = await currentActor();
  return (
    <div data-testid="contact-page">
      <PageHeading
        title={item ? t('aboutTitle', { name: item.name }) : t('title')}
        lead={item ? t('aboutLead', { type: item.type }) : t('lead')}
      >
        {item ? (
          <p className="mt-2">
            <Link href={`/${item.type}/${item.publicId}`} className="underline">
              {t('back', { name: item.name })}
            </Link>
          </p>
        ) : null}
      </PageHeading>
      <div className="max-w-2xl rounded-xl border border-line bg-panel p-5">
        <ContactFormLoader
          labels={await formLabels(locale, actor?.name ?? null, item?.name ?? null)}
          item={item ? { type: item.type, publicId: item.publicId } : null}
          isMember={actor != null}
        />
      </div>
    </div>
  );
}
