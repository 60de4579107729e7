'use client';

import { useTranslations } from 'next-intl';
import { queueSnackbar, showSnackbar } from '@/components/ui/snackbar';
import { Link, useRouter } from '@/lib/i18n/navigation';
import type { OwnPendingChange } from '@/lib/data/pending-changes';
import { WithdrawButton } from './withdraw-button';

/** What the notice needs: the member's pending suggestions about this item, and the member. */
export type OwnChangesNoticeProps = {
  changes: OwnPendingChange[];
  /** The member's public id: "Amend" leads to their contributions page, to the request. */
  userPublicId: string;
  /** Called with a request's public id once it is withdrawn. */
  onWithdrawn?: (publicId: string) => void;
  /** Where to go after a withdrawal (unprefixed): a suggested release's page, which is gone then. */
  leaveTo?: string;
};

/**
 * "Your suggestion awaits approval" on an item page, for the member who suggested it (a member's
 * own suggestions show as awaiting approval): per pending request what it is, "Amend" (the
 * request on the member's contributions page, which has the form) and "Withdraw" (the snackbar
 * confirms). Loaded with `import()` by the member widget (member-widget.tsx) only when the page's
 * item has such requests, and by the page of a suggested release for its author.
 */
export function OwnChangesNotice({ changes, userPublicId, onWithdrawn, leaveTo }: OwnChangesNoticeProps) {
  const t = useTranslations('account.ownChanges');
  const router = useRouter();
  const done = (publicId: string) => {
    onWithdrawn?.(publicId);
    if (!leaveTo) return showSnackbar(t('withdrawn'));
    queueSnackbar(t('withdrawn'));
    router.replace(leaveTo);
  };
  return (
    <section
      aria-labelledby="own-changes-title"
      className="mb-4 rounded-lg border border-accent bg-accent-soft/40 px-4 py-3"
      data-testid="awaiting-approval"
    >
      <h2 id="own-changes-title" className="font-semibold">
        {t('title')}
      </h2>
      <ul className="mt-1 flex flex-col gap-2">
        {changes.map((c) => (
          <li key={c.public_id} className="flex flex-wrap items-center gap-3" data-change-request={c.public_id}>
            <span className="text-sm">{t(`kinds.${c.kind}`)}</span>
            <Link
              href={`/user/${userPublicId}/contributions#change-${c.public_id}`}
              prefetch={false}
              className="text-sm text-accent-strong underline"
            >
              {t('amend')}
            </Link>
            <WithdrawButton publicId={c.public_id} onDone={() => done(c.public_id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
