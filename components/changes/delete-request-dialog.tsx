'use client';

import { useTranslations } from 'next-intl';
import { FieldFrame, FormError, controlClass, fieldDescribedBy } from '@/components/forms/form-field';
import { TextAreaField } from '@/components/forms/choice-fields';
import { useApiForm } from '@/components/forms/use-api-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { showSnackbar } from '@/components/ui/snackbar';
import type { FormsKey } from '@/lib/i18n/keys';
import type { CatalogueEntity } from '@/lib/validation/catalogue-fields';
import { MERGE_INTO_MAX, mergeTargetOf } from '@/lib/validation/changes';
import { CHANGE_NOTE_MAX } from '@/lib/validation/limits';

/**
 * The deletion request dialog of an item page: why (required) and, when the item duplicates
 * another, the item that stays (`merge_into`). Sends `POST /api/changes` `{ entity, kind:
 * 'delete', target, note, merge_into }`; keeps what was typed on a failure and shows the field's
 * message (e.g. that other records still use the item and a merge target is needed). A member's
 * request awaits approval (snackbar); an admin's is applied at once, and the page reloads (it then
 * answers that the item was removed, or leads to the item it was merged into).
 */
export function DeleteRequestDialog({
  entity,
  publicId,
  onClose,
}: {
  entity: CatalogueEntity;
  publicId: string;
  onClose: () => void;
}) {
  const t = useTranslations('deleteRequest');
  const form = useApiForm({
    endpoint: '/api/changes',
    initial: { note: '', merge_into: '' },
    required: ['note'],
    encode: (v) => ({
      entity,
      kind: 'delete',
      target: publicId,
      note: v.note,
      merge_into: v.merge_into.trim() ? mergeTargetOf(v.merge_into, entity) : null,
    }),
  });
  const mergeError = form.errors.merge_into as FormsKey | undefined;
  return (
    <Dialog open onOpenChange={(o) => (o ? undefined : onClose())} title={t('title')} size="md">
      <form
        {...form.formProps<{ status: string }>((request) => {
          onClose();
          if (request.status === 'approved') {
            showSnackbar(t('applied'));
            window.location.reload();
          } else showSnackbar(t('awaiting'));
        })}
        className="space-y-3"
        data-testid="delete-request-form"
      >
        <p className="text-sm text-muted">{t('lead')}</p>
        <TextAreaField
          name="note"
          label={t('note')}
          value={form.values.note}
          onValue={(v) => form.set('note', v)}
          error={form.errors.note as FormsKey | undefined}
          maxLength={CHANGE_NOTE_MAX}
          rows={3}
          required
        />
        <FieldFrame
          name="merge_into"
          label={t('mergeInto')}
          error={mergeError}
          errorParams={{ max: MERGE_INTO_MAX, ...form.params }}
          hint={t('mergeIntoHint')}
        >
          <input
            id="field-merge_into"
            name="merge_into"
            value={form.values.merge_into}
            maxLength={MERGE_INTO_MAX}
            onChange={(e) => form.set('merge_into', e.target.value)}
            aria-invalid={mergeError ? true : undefined}
            aria-describedby={fieldDescribedBy('merge_into', mergeError, t('mergeIntoHint'))}
            className={controlClass(mergeError)}
          />
        </FieldFrame>
        <FormError error={form.errors._form as FormsKey | undefined} params={form.params} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!form.canSubmit} data-testid="delete-request-submit">
            {t('submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
