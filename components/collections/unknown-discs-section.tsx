import { getTranslations } from 'next-intl/server';
import type { UnknownDiscs } from '@/lib/data/import-suggestions';
import { FORMAT_IDS } from '@/lib/validation/enums';
import { UnknownDiscsLoader } from './import-loaders';
import type { UnknownDiscsTexts } from './unknown-discs-form';

/**
 * The unknown discs of an import report (`#unknown-discs`): how many, what suggesting them does,
 * and the form (components/collections/unknown-discs-form.tsx, loaded after the page) that sends
 * them as new releases; open while some disc has not been suggested. A movies collection gets a
 * note instead (suggested releases join a releases collection). Nothing when the import met no
 * unknown disc.
 */
export async function UnknownDiscsSection({
  unknown,
  collectionId,
  importId,
  locale,
}: {
  unknown: UnknownDiscs;
  collectionId: string;
  importId: string;
  locale: string;
}) {
  if (!unknown.discs.length) return null;
  const [t, te, ta] = await Promise.all([
    getTranslations({ locale, namespace: 'collectionImport.unknownDiscs' }),
    getTranslations({ locale, namespace: 'enums' }),
    getTranslations({ locale, namespace: 'api' }),
  ]);
  const open = unknown.discs.some((d) => d.suggestion?.status !== 'pending' && d.suggestion?.status !== 'approved');
  // Messages are precompiled: placeholders the form fills are passed through as themselves.
  const keep = (...names: string[]) => Object.fromEntries(names.map((n) => [n, `{${n}}`]));
  const texts: UnknownDiscsTexts = {
    include: t('include'),
    discTitle: t('discTitle', keep('line', 'title')),
    name: t('name'),
    movie: t('movie'),
    format: t('format'),
    ean: t('ean'),
    label: t('label'),
    releaseYear: t('releaseYear'),
    chooseFormat: t('chooseFormat'),
    noMovie: t('noMovie'),
    noLabel: t('noLabel'),
    labelFromFile: t('labelFromFile', keep('label')),
    search: t('search'),
    searchMovie: t('searchMovie'),
    searchLabel: t('searchLabel'),
    searchEmpty: t('searchEmpty'),
    choose: t('choose'),
    chooseLabel: t('chooseLabel', keep('name')),
    change: t('change'),
    remove: t('remove'),
    submit: { one: t('submitOne', keep('count')), other: t('submitOther', keep('count')) },
    submitting: t('submitting'),
    noneChosen: t('noneChosen'),
    sent: { one: t('sentOne', keep('count')), other: t('sentOther', keep('count')) },
    notSent: { one: t('notSentOne', keep('count')), other: t('notSentOther', keep('count')) },
    alreadySuggested: t('alreadySuggested'),
    state: {
      pending: t('state.pending'),
      approved: t('state.approved'),
      discarded: t('state.discarded', keep('reason')),
      withdrawn: t('state.withdrawn'),
    },
    viewRelease: t('viewRelease'),
    failed: (await getTranslations({ locale, namespace: 'forms' }))('submitFailed'),
    changeLimit: ta('changeLimit', keep('max')),
  };
  return (
    <section id="unknown-discs" aria-labelledby="unknown-discs-title" className="rounded-lg border border-line p-3">
      <details open={open}>
        <summary className="cursor-pointer font-semibold">
          <h2 id="unknown-discs-title" className="inline text-lg">
            {t('title')}
          </h2>{' '}
          <span className="font-normal text-muted" data-testid="unknown-discs-summary">
            · {t('summary', { count: unknown.discs.length })}
          </span>
        </summary>
        <div className="mt-3 flex flex-col gap-3">
          {unknown.can_suggest ? (
            <>
              <p className="max-w-prose text-sm">{t('intro')}</p>
              <UnknownDiscsLoader
                collectionId={collectionId}
                importId={importId}
                discs={unknown.discs}
                formats={FORMAT_IDS.map((id) => [String(id), te(`formats.${id as 1}`)])}
                texts={texts}
              />
            </>
          ) : (
            <p className="max-w-prose text-sm">{t('moviesCollection')}</p>
          )}
        </div>
      </details>
    </section>
  );
}
