'use client';

import { useLocale } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
// JSX typing of <altcha-widget> (types only).
import type {} from 'altcha/types/react';
import { TextAreaField } from '@/components/forms/choice-fields';
import { FormError, FormField } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { Button } from '@/components/ui/button';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from '@/lib/validation/contact-limits';
import { EMAIL_MAX } from '@/lib/validation/limits';

/** The form's texts, translated by the server page (`contact.form`; `member` and `about` filled in). */
export type ContactFormLabels = {
  name: string;
  email: string;
  emailHint: string;
  subject: string;
  message: string;
  botCheck: string;
  botCheckHelp: string;
  submit: string;
  submitting: string;
  sentTitle: string;
  sent: string;
  another: string;
  /** For a member: "You are logged in as {name}: …" (no name or e-mail fields then). */
  member: string | null;
  /** With an item: "About: {name}". */
  about: string | null;
};

/** The catalogue item a message is about (the item's contact page). */
export type ContactFormItem = { type: 'movie' | 'release'; publicId: string };

type Props = { labels: ContactFormLabels; item: ContactFormItem | null; isMember: boolean };

/**
 * The fields of one message: a visitor's name and e-mail address and the bot check (the ALTCHA
 * widget, loaded after the page; it solves the proof of work in the browser at submit), then the
 * subject and the message. POST /api/contact (JSON, with the item and the page's locale); what was
 * typed stays after a refusal, with the server's messages at the fields (a 429 shows how long to wait).
 */
function ContactFields({ labels, item, isMember, onSent }: Props & { onSent: () => void }) {
  const locale = useLocale();
  const [widgetReady, setWidgetReady] = useState(false);

  useEffect(() => {
    if (isMember) return;
    let cancelled = false;
    void import('@/components/account/altcha-widget')
      .then((m) => m.loadWidgetLanguage(locale))
      .then(() => {
        if (!cancelled) setWidgetReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [isMember, locale]);

  const form = useApiForm({
    endpoint: '/api/contact',
    initial: { name: '', email: '', subject: '', message: '' },
    required: isMember ? ['subject', 'message'] : ['name', 'email', 'subject', 'message'],
    encode: (v) => ({
      ...(isMember ? { subject: v.subject, message: v.message } : v),
      locale,
      ...(item ? { [item.type]: item.publicId } : {}),
    }),
    // A visitor's bot-check payload (a quick submit waits for the widget).
    extra: isMember
      ? undefined
      : async () => ({ altcha: await (await import('@/components/account/altcha-widget')).botCheckPayload() }),
  });

  return (
    <form className="flex flex-col gap-4" data-testid="contact-form" {...form.formProps(onSent)}>
      <FormError error={form.errors._form ?? form.errors.movie ?? form.errors.release} params={form.params} />
      {labels.about ? (
        <p className="text-sm font-medium" data-testid="contact-about">
          {labels.about}
        </p>
      ) : null}
      {isMember ? (
        <p className="text-sm text-muted" data-testid="contact-member">
          {labels.member}
        </p>
      ) : (
        <>
          <FormField
            name="name"
            autoComplete="name"
            required
            label={labels.name}
            value={form.values.name}
            onValue={(v) => form.set('name', v)}
            error={form.errors.name}
            maxLength={CONTACT_NAME_MAX}
          />
          <FormField
            name="email"
            type="email"
            autoComplete="email"
            required
            label={labels.email}
            hint={labels.emailHint}
            value={form.values.email}
            onValue={(v) => form.set('email', v)}
            error={form.errors.email}
            maxLength={EMAIL_MAX}
          />
        </>
      )}
      <FormField
        name="subject"
        required
        label={labels.subject}
        value={form.values.subject}
        onValue={(v) => form.set('subject', v)}
        error={form.errors.subject}
        maxLength={CONTACT_SUBJECT_MAX}
      />
      <TextAreaField
        name="message"
        required
        rows={8}
        label={labels.message}
        value={form.values.message}
        onValue={(v) => form.set('message', v)}
        error={form.errors.message}
        maxLength={CONTACT_MESSAGE_MAX}
      />
      {isMember ? null : (
        <div className="flex flex-col gap-1" data-testid="bot-check">
          {widgetReady ? (
            <altcha-widget challenge="/api/altcha" name="altcha" auto="off" language={locale} />
          ) : (
            <p className="text-sm text-muted">{labels.botCheck}</p>
          )}
          <p className="text-xs text-muted">{labels.botCheckHelp}</p>
        </div>
      )}
      <div>
        <Button type="submit" disabled={!form.canSubmit} data-testid="contact-submit">
          {form.submitting ? labels.submitting : labels.submit}
        </Button>
      </div>
    </form>
  );
}

/**
 * The contact form of `/contact`, `/movie/{id}/contact` and `/release/{id}/contact`: for a visitor
 * name, e-mail address and the bot check, for a member only the subject and the message (answers go
 * to the account's address). After a send the form gives way to a confirmation (focused, announced),
 * with a button for another message (an empty form).
 */
export function ContactForm(props: Props) {
  const [sent, setSent] = useState(false);
  const [round, setRound] = useState(0);
  const confirmation = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);
  if (sent)
    return (
      <section role="status" className="flex flex-col items-start gap-3" data-testid="contact-sent">
        <h2 ref={confirmation} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {props.labels.sentTitle}
        </h2>
        <p>{props.labels.sent}</p>
        <Button
          variant="secondary"
          onClick={() => {
            setRound((r) => r + 1);
            setSent(false);
          }}
        >
          {props.labels.another}
        </Button>
      </section>
    );
  return <ContactFields key={round} {...props} onSent={() => setSent(true)} />;
}
