'use client';

import { useTranslations } from 'next-intl';
import { SelectField, TextAreaField } from '@/components/forms/choice-fields';
import { FormField } from '@/components/forms/form-field';
import type { FormErrors } from '@/components/forms/use-api-form';
import {
  COMMENT_LANGUAGES,
  CONDITIONS,
  CURRENCIES,
  ENTRY_COMMENT_MAX,
  WATCHED_METHODS,
} from '@/lib/validation/collection-limits';

/** The fields of a collection entry as typed (strings; '' = not given). */
export type EntryValues = {
  comment: string;
  comment_language: string;
  price: string;
  currency: string;
  condition: string;
  acquired_on: string;
  watched_method: string;
};

/** An entry with nothing given (the currency defaults to euros). */
export const EMPTY_ENTRY: EntryValues = {
  comment: '',
  comment_language: '',
  price: '',
  currency: 'EUR',
  condition: '',
  acquired_on: '',
  watched_method: '',
};

/**
 * The inputs of a collection entry's fields, shared by the add-to-collection and the edit-entry
 * dialogs: price and currency, condition, date, how it was watched (movies only), the comment's
 * language and the comment (at most {@link ENTRY_COMMENT_MAX} characters). Errors are the server's
 * message keys per field.
 */
export function EntryInputs({
  item,
  values: v,
  errors,
  onValue,
}: {
  item: 'movie' | 'release';
  values: EntryValues;
  errors: FormErrors;
  onValue: (name: keyof EntryValues, value: string) => void;
}) {
  const t = useTranslations('collections');
  const none = t('entry.none');
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          name="price"
          inputMode="decimal"
          label={t('entry.price')}
          value={v.price}
          onValue={(x) => onValue('price', x)}
          error={errors.price}
          maxLength={12}
          placeholder={t('entry.pricePlaceholder')}
        />
        <SelectField
          name="currency"
          label={t('entry.currency')}
          value={v.currency}
          onValue={(x) => onValue('currency', x)}
          error={errors.currency}
          options={CURRENCIES.map((c) => [c, c])}
        />
        <SelectField
          name="condition"
          label={t('entry.condition')}
          value={v.condition}
          onValue={(x) => onValue('condition', x)}
          error={errors.condition}
          options={[['', none], ...CONDITIONS.map((c): [string, string] => [String(c), t(`condition.${c}`)])]}
        />
        <FormField
          name="acquired_on"
          type="date"
          label={t('entry.acquiredOn')}
          value={v.acquired_on}
          onValue={(x) => onValue('acquired_on', x)}
          error={errors.acquired_on}
          maxLength={10}
        />
        {item === 'movie' ? (
          <SelectField
            name="watched_method"
            label={t('entry.watchedMethod')}
            value={v.watched_method}
            onValue={(x) => onValue('watched_method', x)}
            error={errors.watched_method}
            options={[['', none], ...WATCHED_METHODS.map((m): [string, string] => [m, t(`watchedMethod.${m}`)])]}
          />
        ) : null}
        <SelectField
          name="comment_language"
          label={t('entry.commentLanguage')}
          value={v.comment_language}
          onValue={(x) => onValue('comment_language', x)}
          error={errors.comment_language}
          options={[
            ['', none],
            ...COMMENT_LANGUAGES.map((l): [string, string] => [
              l,
              l === 'other' ? t('watchedMethod.other') : (new Intl.DisplayNames([l], { type: 'language' }).of(l) ?? l),
            ]),
          ]}
        />
      </div>
      <TextAreaField
        name="comment"
        label={t('entry.comment')}
        value={v.comment}
        onValue={(x) => onValue('comment', x)}
        error={errors.comment}
        maxLength={ENTRY_COMMENT_MAX}
        rows={3}
      />
    </>
  );
}
