/**
 * Deleting and editing community content in the browser: the delete button
 * (components/community/delete-button.tsx) asks the author to confirm and an admin for a reason,
 * and deletes nothing when that is cancelled or the reason is left empty; the inline comment editor
 * (CommentEditor in components/community/comment-form.tsx) opens the body, sends the edit, keeps it
 * on an error and closes on success.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentEditor, type CommentFormLabels } from '@/components/community/comment-form';
import { DeleteButton, type DeleteLabels } from '@/components/community/delete-button';
import en from '@/messages/en.json';

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }));
vi.mock('@/lib/i18n/navigation', () => ({
  useRouter: () => router,
  getPathname: ({ href }: { href: string }) => href,
}));
const snackbar = vi.hoisted(() => ({ showSnackbar: vi.fn(), queueSnackbar: vi.fn() }));
vi.mock('@/components/ui/snackbar', () => snackbar);

const c = en.community.comments;
const LABELS: DeleteLabels = {
  delete: c.delete,
  confirm: c.deleteConfirm,
  deleted: c.deleted,
  failed: c.failed,
  reason: c.removeReason,
};
const EDIT_LABELS: CommentFormLabels = {
  body: c.body,
  submit: c.submit,
  done: c.published,
  cancelReply: c.cancelReply,
  save: c.save,
  saved: c.saved,
  cancel: c.cancel,
  edit: c.edit,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
beforeEach(() => {
  fetchMock = vi.fn(async () => json(200, { ok: true }));
  vi.stubGlobal('fetch', fetchMock);
  for (const f of [router.push, router.replace, router.refresh, snackbar.showSnackbar, snackbar.queueSnackbar])
    f.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stubs `window.confirm` or `window.prompt` (happy-dom has neither) to answer `answer`. */
function stub<A>(name: 'confirm' | 'prompt', answer?: A) {
  const f = vi.fn(() => answer);
  vi.stubGlobal(name, f);
  return f;
}

/** The one request sent: its URL, method and parsed body. */
function sent(): { url: string; method: string | undefined; body: unknown } {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  return { url, method: init?.method, body: JSON.parse(String(init?.body)) };
}

describe('delete button', () => {
  it("the author's delete: confirmed, then DELETE without a reason, a snackbar and the page rendered again", async () => {
    const confirm = stub('confirm', true);
    const prompt = stub('prompt');
    render(<DeleteButton endpoint="/api/comments/cmt1" labels={LABELS} testId="comment-delete" compact />);
    fireEvent.click(screen.getByTestId('comment-delete'));
    await waitFor(() => expect(router.refresh).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith(c.deleteConfirm);
    expect(prompt).not.toHaveBeenCalled();
    expect(sent()).toEqual({ url: '/api/comments/cmt1', method: 'DELETE', body: {} });
    expect(snackbar.showSnackbar).toHaveBeenCalledWith(c.deleted);
    expect(router.push).not.toHaveBeenCalled();
  });

  it('the author cancelling the confirmation deletes nothing', () => {
    stub('confirm', false);
    render(<DeleteButton endpoint="/api/reviews/rev1" labels={LABELS} testId="review-delete" redirectTo="/reviews" />);
    fireEvent.click(screen.getByTestId('review-delete'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(router.push).not.toHaveBeenCalled();
    expect(router.refresh).not.toHaveBeenCalled();
    expect((screen.getByTestId('review-delete') as HTMLButtonElement).disabled).toBe(false);
  });

  it("an admin's removal: the reason asked for (trimmed, at most 500 characters) and sent; then to the list", async () => {
    const confirm = stub('confirm');
    const prompt = stub('prompt', `  ${'Spam link. '.repeat(60)}  `);
    render(
      <DeleteButton endpoint="/api/posts/pst1" askReason redirectTo="/posts" labels={LABELS} testId="post-delete" />,
    );
    fireEvent.click(screen.getByTestId('post-delete'));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/posts'));
    expect(prompt).toHaveBeenCalledWith(c.removeReason);
    expect(confirm).not.toHaveBeenCalled();
    const reason = 'Spam link. '.repeat(60).trim().slice(0, 500);
    expect(reason).toHaveLength(500);
    expect(sent()).toEqual({ url: '/api/posts/pst1', method: 'DELETE', body: { reason } });
    // The snackbar waits for the next page.
    expect(snackbar.queueSnackbar).toHaveBeenCalledWith(c.deleted);
    expect(snackbar.showSnackbar).not.toHaveBeenCalled();
  });

  it.each([
    ['cancelled', null],
    ['left empty', ''],
    ['only spaces', '   '],
  ])('an admin whose reason prompt is %s deletes nothing', (_, answer) => {
    stub('prompt', answer);
    render(<DeleteButton endpoint="/api/comments/cmt1" askReason labels={LABELS} testId="comment-delete" compact />);
    fireEvent.click(screen.getByTestId('comment-delete'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(router.refresh).not.toHaveBeenCalled();
    expect(snackbar.showSnackbar).not.toHaveBeenCalled();
  });

  it('a refused delete says so and can be tried again', async () => {
    stub('confirm', true);
    fetchMock.mockResolvedValueOnce(json(403, { error: 'Forbidden' }));
    render(<DeleteButton endpoint="/api/reviews/rev1" labels={LABELS} testId="review-delete" redirectTo="/reviews" />);
    fireEvent.click(screen.getByTestId('review-delete'));
    await waitFor(() => expect(snackbar.showSnackbar).toHaveBeenCalledWith(c.failed));
    expect(router.push).not.toHaveBeenCalled();
    expect(router.refresh).not.toHaveBeenCalled();
    expect((screen.getByTestId('review-delete') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('comment editor', () => {
  function renderEditor() {
    render(
      <NextIntlClientProvider locale="en" messages={{ forms: en.forms }}>
        <CommentEditor publicId="cmt1" body="First words" labels={EDIT_LABELS} />
      </NextIntlClientProvider>,
    );
  }

  it('opens the body, sends the edit with PATCH, confirms it and closes', async () => {
    renderEditor();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByTestId('comment-edit'));
    const field = screen.getByRole('textbox', { name: c.body }) as HTMLTextAreaElement;
    expect(field.value).toBe('First words');
    fireEvent.change(field, { target: { value: 'Second thoughts' } });
    fireEvent.click(screen.getByTestId('comment-save'));
    await waitFor(() => expect(router.refresh).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual({ url: '/api/comments/cmt1', method: 'PATCH', body: { body: 'Second thoughts' } });
    expect(snackbar.showSnackbar).toHaveBeenCalledWith(c.saved);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('comment-edit').textContent).toBe(c.edit);
  });

  it('an empty body cannot be saved; cancel closes the form without sending', () => {
    renderEditor();
    fireEvent.click(screen.getByTestId('comment-edit'));
    fireEvent.change(screen.getByRole('textbox', { name: c.body }), { target: { value: '  ' } });
    expect((screen.getByTestId('comment-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: c.cancel }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refused edit keeps the text and shows why', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: 'invalid', fields: { body: 'maxLength' } }));
    renderEditor();
    fireEvent.click(screen.getByTestId('comment-edit'));
    fireEvent.change(screen.getByRole('textbox', { name: c.body }), { target: { value: 'Too long, says the server' } });
    fireEvent.click(screen.getByTestId('comment-save'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: c.body }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect((screen.getByRole('textbox', { name: c.body }) as HTMLTextAreaElement).value).toBe(
      'Too long, says the server',
    );
    expect(snackbar.showSnackbar).not.toHaveBeenCalledWith(c.saved);
    expect(router.refresh).not.toHaveBeenCalled();
  });
});
