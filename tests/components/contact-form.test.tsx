/**
 * The contact form (components/contact/contact-form.tsx): a visitor's name, e-mail and bot check
 * against a member's form without them, the JSON it sends (item, locale, the bot check's payload
 * for visitors only), what was typed kept with the server's messages after a refusal and a 429,
 * and the confirmation after a send, with an empty form for another message.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';
import { ContactForm, type ContactFormLabels } from '@/components/contact/contact-form';

// The widget's package is replaced by an element whose proof of work is done at once: the form's
// own payload code (components/account/altcha-widget.ts) runs as in the browser.
vi.mock('altcha', () => ({}));
vi.mock('altcha/i18n/fi', () => ({}));
beforeAll(() => {
  customElements.define(
    'altcha-widget',
    class extends HTMLElement {
      async verify() {
        return { payload: 'solved-payload' };
      }
    },
  );
});

const f = en.contact.form;
const LABELS: ContactFormLabels = {
  name: f.name,
  email: f.email,
  emailHint: f.emailHint,
  subject: f.subject,
  message: f.message,
  botCheck: f.botCheck,
  botCheckHelp: f.botCheckHelp,
  submit: f.submit,
  submitting: f.submitting,
  sentTitle: f.sentTitle,
  sent: f.sent,
  another: f.another,
  member: null,
  about: null,
};

function renderForm(opts: { member?: boolean; item?: boolean; locale?: 'en' | 'fi' } = {}) {
  const locale = opts.locale ?? 'en';
  render(
    <NextIntlClientProvider locale={locale} messages={{ forms: (locale === 'fi' ? fi : en).forms }}>
      <ContactForm
        labels={{
          ...LABELS,
          member: opts.member ? 'You are logged in as Ville: we answer to your account’s e-mail address.' : null,
          about: opts.item ? 'About: Sisu' : null,
        }}
        item={opts.item ? { type: 'movie', publicId: 'mov1' } : null}
        isMember={!!opts.member}
      />
    </NextIntlClientProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ContactForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a visitor gives a name and an e-mail address and passes the bot check; a member does neither', async () => {
    renderForm();
    expect(screen.getByLabelText(`${f.name} *`)).toBeTruthy();
    expect(screen.getByLabelText(`${f.email} *`)).toBeTruthy();
    expect(screen.getByTestId('bot-check')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    cleanup();
    renderForm({ member: true, item: true });
    expect(screen.queryByLabelText(`${f.name} *`)).toBeNull();
    expect(screen.queryByLabelText(`${f.email} *`)).toBeNull();
    expect(screen.queryByTestId('bot-check')).toBeNull();
    expect(screen.getByTestId('contact-member').textContent).toContain('Ville');
    expect(screen.getByTestId('contact-about').textContent).toBe('About: Sisu');
  });

  it("sends a visitor's fields with the bot check's payload; keeps what was typed and shows the server's messages", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ error: 'invalid', fields: { email: 'emailInvalid', _form: 'captchaInvalid' } }, { status: 400 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm({ item: true });
    const submit = screen.getByTestId('contact-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    type(`${f.name} *`, 'Vieras');
    type(`${f.email} *`, 'vieras@');
    type(`${f.subject} *`, 'Hello');
    type(`${f.message} *`, 'A question\nwith two lines');
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await screen.findByText(en.forms.emailInvalid);
    expect(screen.getByTestId('form-error').textContent).toBe(en.forms.captchaInvalid);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contact');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Vieras',
      email: 'vieras@',
      subject: 'Hello',
      message: 'A question\nwith two lines',
      locale: 'en',
      movie: 'mov1',
      altcha: 'solved-payload',
    });
    expect((screen.getByLabelText(`${f.message} *`) as HTMLTextAreaElement).value).toBe('A question\nwith two lines');
    expect((screen.getByLabelText(`${f.name} *`) as HTMLInputElement).value).toBe('Vieras');
  });

  it('a 429 says how long to wait, in the language of the page', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: 'limited' }, { status: 429, headers: { 'retry-after': '120' } }),
    );
    renderForm({ member: true, locale: 'fi' });
    type(`${f.subject} *`, 'Aihe');
    type(`${f.message} *`, 'Viesti');
    fireEvent.click(screen.getByTestId('contact-submit'));
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toContain('120'));
    expect(screen.getByTestId('form-error').textContent).not.toBe(en.forms.rateLimited.replace('{seconds}', '120'));
  });

  it("a member's message goes without name, address or bot check; then a confirmation, and an empty form for another", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ message: { public_id: 'abc', subject: 'Hi', item: null, created_at: '2026-01-01T00:00:00Z' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm({ member: true });
    type(`${f.subject} *`, 'Hi');
    type(`${f.message} *`, 'Thanks for the site');
    fireEvent.click(screen.getByTestId('contact-submit'));
    const sent = await screen.findByTestId('contact-sent');
    expect(sent.textContent).toContain(f.sentTitle);
    expect(document.activeElement?.textContent).toBe(f.sentTitle);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      subject: 'Hi',
      message: 'Thanks for the site',
      locale: 'en',
    });
    fireEvent.click(screen.getByRole('button', { name: f.another }));
    expect((screen.getByLabelText(`${f.subject} *`) as HTMLInputElement).value).toBe('');
  });
});
