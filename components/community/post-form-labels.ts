import 'server-only';
import { getTranslations } from 'next-intl/server';
import { POST_LANGUAGES } from '@/lib/validation/posts';
import type { PostFormLabels } from './post-form';

/** The discussion form's texts in the page's locale (`submit`/`done`: start or save). */
export async function postFormLabels(locale: string, mode: 'new' | 'edit'): Promise<PostFormLabels> {
  const t = await getTranslations({ locale, namespace: 'community.posts' });
  const tr = await getTranslations({ locale, namespace: 'reviews' });
  return {
    headline: t('fields.headline'),
    body: t('fields.body'),
    language: t('fields.language'),
    languages: POST_LANGUAGES.map((l) => [l, tr(`languages.${l}`)]),
    submit: t(mode === 'new' ? 'submit' : 'save'),
    done: t(mode === 'new' ? 'created' : 'saved'),
  };
}
