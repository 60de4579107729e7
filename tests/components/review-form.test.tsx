/** The review form (components/reviews/review-form.tsx): release ratings only with a release, the JSON it sends, field errors. */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { ReviewForm, type ReviewFormLabels, type ReviewFormValues } from '@/components/reviews/review-form';

const push = vi.fn();
vi.mock('@/lib/i18n/navigation', () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn() }),
  getPathname: ({ href }: { href: string }) => href,
}));
vi.mock('@/components/ui/snackbar', () => ({ showSnackbar: vi.fn(), queueSnackbar: vi.fn() }));

const r = en.reviews;
const LABELS: ReviewFormLabels = {
  fields: r.fields,
  aspects: r.aspects,
  buckets: (['5', '4', '3', '2', '1'] as const).map((b) => [b, r.buckets[b]]),
  languages: (['en', 'fi', 'other'] as const).map((l) => [l, r.languages[l]]),
  sources: (['1', '2', '3', '4', '5', '6'] as const).map((s) => [s, r.sources[s]]),
  submit: r.submit,
  done: r.created,
};
const EMPTY: ReviewFormValues = {
  headline: '',
  ingress: '',
  body: '',
  language: 'en',
  watch_source: '',
  youtube_url: '',
  release: '',
  rating_movie: '',
  rating_release: '',
  rating_picture: '',
  rating_sound: '',
  rating_extras: '',
  rating_package: '',
};

function renderForm() {
  render(
    <NextIntlClientProvider locale="en" messages={{ forms: en.forms }}>
      <ReviewForm
        initial={EMPTY}
        movie="mov1"
        releases={[{ public_id: 'rel1', name: 'Sisu (Blu-ray)' }]}
        labels={LABELS}
      />
    </NextIntlClientProvider>,
  );
}

describe('ReviewForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('marks the headline and the body as required', () => {
    renderForm();
    for (const name of [r.fields.headline, r.fields.body]) {
      const field = screen.getByRole('textbox', { name });
      expect(field.hasAttribute('required')).toBe(true);
      expect(document.querySelector(`label[for="${field.id}"]`)?.textContent).toBe(`${name} *`);
    }
  });

  it('shows the release, picture, sound, extras and package ratings only with a release', () => {
    renderForm();
    expect(screen.getByLabelText('Movie')).toBeTruthy();
    expect(screen.queryByLabelText('Picture')).toBeNull();
    fireEvent.change(screen.getByLabelText(r.fields.release), { target: { value: 'rel1' } });
    for (const label of ['Movie', 'Release overall', 'Picture', 'Sound', 'Extras', 'Package'])
      expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it('sends the movie and the values, without release ratings once the release is taken away; shows field errors', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'invalid', fields: { youtube_url: 'youtubeInvalid' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.change(screen.getByLabelText(/Headline/), { target: { value: 'Great' } });
    fireEvent.change(screen.getByRole('textbox', { name: r.fields.body }), { target: { value: 'Text' } });
    fireEvent.change(screen.getByLabelText(r.fields.release), { target: { value: 'rel1' } });
    fireEvent.change(screen.getByLabelText('Picture'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Movie'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(r.fields.release), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText(r.fields.youtubeUrl), { target: { value: 'https://vimeo.com/1' } });
    fireEvent.click(screen.getByTestId('review-submit'));
    await waitFor(() => expect(screen.getByText(en.forms.youtubeInvalid)).toBeTruthy());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reviews');
    expect(JSON.parse(String(init.body))).toMatchObject({
      movie: 'mov1',
      headline: 'Great',
      body: 'Text',
      release: '',
      rating_movie: '5',
      rating_picture: '',
      youtube_url: 'https://vimeo.com/1',
    });
  });
});
