'use client';

import { useState } from 'react';
import { SelectField, TextAreaField } from '@/components/forms/choice-fields';
import { FormError } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { Button } from '@/components/ui/button';
import { useRouter } from '@/lib/i18n/navigation';
import { CONTACT_ANSWER_MAX } from '@/lib/validation/contact-limits';

/** The texts of the admin's controls, translated by the server page (`contact.admin`). */
export type ContactAdminWords = {
  answer: string;
  answerHint: string;
  answerLanguage: string;
  /** [value, label] pairs of the mail's languages. */
  languages: [string, string][];
  sendAnswer: string;
  sending: string;
  answerSent: string;
  close: string;
  closedNow: string;
  failed: string;
};

/**
 * An admin's controls on one contact message (`/admin/messages/{id}`): the answer form (text and
 * the mail's language, `POST /api/contact/{id}/answer`: mailed to the sender, whose address the
 * page never has) when the message is not closed and has an address to answer to, and "Close"
 * (`POST /api/contact/{id}/close`). After either the page is read again, so the recorded answer
 * and state show; a failure keeps the typed answer and shows the server's message.
 */
export function ContactAdminActions({
  publicId,
  canAnswer,
  canClose,
  locale,
  words,
}: {
  publicId: string;
  canAnswer: boolean;
  canClose: boolean;
  /** The mail's language to start with (the page's). */
  locale: string;
  words: ContactAdminWords;
}) {
  const router = useRouter();
  const [outcome, setOutcome] = useState<'answered' | 'closed' | null>(null);
  const [closing, setClosing] = useState(false);
  const [closeFailed, setCloseFailed] = useState(false);
  const form = useApiForm({
    endpoint: `/api/contact/${encodeURIComponent(publicId)}/answer`,
    initial: { answer: '', locale: locale === 'fi' ? 'fi' : 'en' },
    required: ['answer'],
  });

  async function close() {
    setClosing(true);
    setCloseFailed(false);
    try {
      const res = await fetch(`/api/contact/${encodeURIComponent(publicId)}/close`, {
        method: 'POST',
        credentials: 'same-origin',
      });
      if (!res.ok) setCloseFailed(true);
      else {
        setOutcome('closed');
        router.refresh();
      }
    } catch {
      setCloseFailed(true);
    } finally {
      setClosing(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {outcome ? (
        <p role="status" className="font-semibold" data-testid="contact-outcome" data-outcome={outcome}>
          {outcome === 'answered' ? words.answerSent : words.closedNow}
        </p>
      ) : null}
      {canAnswer && outcome !== 'closed' ? (
        <form
          className="flex flex-col gap-3"
          data-testid="contact-answer-form"
          {...form.formProps(() => {
            setOutcome('answered');
            form.set('answer', '');
            router.refresh();
          })}
        >
          <FormError error={form.errors._form} params={form.params} />
          <TextAreaField
            name="answer"
            required
            rows={8}
            label={words.answer}
            hint={words.answerHint}
            value={form.values.answer}
            onValue={(v) => form.set('answer', v)}
            error={form.errors.answer}
            maxLength={CONTACT_ANSWER_MAX}
          />
          <SelectField
            name="locale"
            label={words.answerLanguage}
            options={words.languages}
            value={form.values.locale}
            onValue={(v) => form.set('locale', v)}
          />
          <div>
            <Button type="submit" disabled={!form.canSubmit} data-testid="contact-answer-submit">
              {form.submitting ? words.sending : words.sendAnswer}
            </Button>
          </div>
        </form>
      ) : null}
      {canClose && outcome !== 'closed' ? (
        <div className="flex flex-col items-start gap-2">
          <Button variant="secondary" disabled={closing} onClick={() => void close()} data-testid="contact-close">
            {words.close}
          </Button>
          {closeFailed ? (
            <p role="alert" className="text-sm text-accent-strong">
              {words.failed}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
