'use client';

import { useState } from 'react';
import { TextAreaField } from '@/components/forms/choice-fields';
import { FormError } from '@/components/forms/form-field';
import { useApiForm } from '@/components/forms/use-api-form';
import { WRITING_LIMIT } from '@/components/forms/writing-limit';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/components/ui/snackbar';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { MESSAGE_BODY_MAX } from '@/lib/validation/limits';

/** The texts of the comment forms, translated by the server page. */
export type CommentFormLabels = {
  body: string;
  submit: string;
  done: string;
  cancelReply: string;
  save: string;
  saved: string;
  cancel: string;
  edit: string;
};

type FormProps = {
  endpoint: string;
  threadPath: string;
  replyTo: string | null;
  labels: CommentFormLabels;
  onDone: () => void;
};

function NewCommentForm({ endpoint, threadPath, replyTo, labels, onDone }: FormProps) {
  const router = useRouter();
  const form = useApiForm({
    endpoint,
    initial: { body: '', reply_to: replyTo ?? '' },
    required: ['body'],
    limit: WRITING_LIMIT,
  });
  return (
    <form
      className="flex flex-col gap-3"
      {...form.formProps<{ public_id: string }>(() => {
        showSnackbar(labels.done);
        onDone();
        // A reply's `?reply=` goes; the new comment shows once the page renders again.
        if (replyTo) router.replace(threadPath, { scroll: false });
        router.refresh();
      })}
    >
      <FormError error={form.errors._form ?? form.errors.reply_to} params={form.params} />
      <TextAreaField
        name="body"
        label={labels.body}
        rows={4}
        value={form.values.body}
        onValue={(v) => form.set('body', v)}
        error={form.errors.body}
        maxLength={MESSAGE_BODY_MAX}
      />
      <p className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!form.canSubmit} data-testid="comment-submit">
          {labels.submit}
        </Button>
        {replyTo ? (
          <Link href={threadPath} scroll={false} className="text-sm underline" data-testid="comment-cancel-reply">
            {labels.cancelReply}
          </Link>
        ) : null}
      </p>
    </form>
  );
}

/**
 * A member's new comment on a review or reply in a discussion (`POST endpoint` `{ body, reply_to }`):
 * kept as typed on an error (the spec's messages; the writing limits' "try again in N seconds"),
 * emptied after a success, which the snackbar confirms and the page shows once rendered again.
 * `replyTo` (a comment's public id, from the page's `?reply=`) makes it a reply.
 */
export function CommentForm(props: Omit<FormProps, 'onDone'>) {
  // A new key after each success starts the next comment from an empty form.
  const [round, setRound] = useState(0);
  return <NewCommentForm key={`${round}:${props.replyTo}`} {...props} onDone={() => setRound((n) => n + 1)} />;
}

/**
 * The author's inline edit of a comment (`PATCH /api/comments/{id}` `{ body }`): an Edit button
 * that opens the body in a form; saving renders the page again.
 */
export function CommentEditor({
  publicId,
  body,
  labels,
}: {
  publicId: string;
  body: string;
  labels: CommentFormLabels;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const form = useApiForm({
    endpoint: `/api/comments/${publicId}`,
    method: 'PATCH',
    initial: { body },
    required: ['body'],
  });
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-9 text-sm text-muted underline hover:text-ink"
        data-testid="comment-edit"
      >
        {labels.edit}
      </button>
    );
  return (
    <form
      className="flex w-full flex-col gap-3"
      {...form.formProps(() => {
        showSnackbar(labels.saved);
        setOpen(false);
        router.refresh();
      })}
    >
      <FormError error={form.errors._form} params={form.params} />
      <TextAreaField
        name={`edit-${publicId}`}
        label={labels.body}
        rows={4}
        value={form.values.body}
        onValue={(v) => form.set('body', v)}
        error={form.errors.body}
        maxLength={MESSAGE_BODY_MAX}
      />
      <p className="flex gap-3">
        <Button type="submit" disabled={!form.canSubmit} data-testid="comment-save">
          {labels.save}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
          {labels.cancel}
        </Button>
      </p>
    </form>
  );
}
