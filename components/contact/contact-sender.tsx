import { getTranslations } from 'next-intl/server';
import type { ContactSender } from '@/lib/data/contact';
import { Link } from '@/lib/i18n/navigation';

/**
 * Who sent a contact message, for the admins' pages: a member's name linking to the profile, a
 * visitor's name marked as a visitor, or "A deleted account". Never an e-mail address (the DTO has
 * none). Server component.
 */
export async function ContactSenderName({ sender, locale }: { sender: ContactSender; locale: string }) {
  const t = await getTranslations({ locale, namespace: 'contact.admin' });
  if (sender.kind === 'member')
    return (
      <Link href={`/user/${sender.user.public_id}`} className="underline" data-testid="contact-sender">
        {sender.user.name}
      </Link>
    );
  return (
    <span data-testid="contact-sender">
      {sender.kind === 'visitor' ? t('visitor', { name: sender.name }) : t('deleted')}
    </span>
  );
}
