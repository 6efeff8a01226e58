import {
  countProofreadingWords,
  PROOFREADING_MAX_CHARACTERS,
  PROOFREADING_MAX_WORDS,
  PROOFREADING_VARIANTS,
  type ProofreadingVariant,
} from '@quire/contracts';
import { type FormEvent, type KeyboardEvent, type RefObject, useDeferredValue, useId, useMemo } from 'react';
import { type LanguageChoice, TextLanguageSelect } from '../../components/language/TextLanguageSelect';
import { useTranslation } from '../../i18n/use-translation';
import { VariantSelect } from './VariantSelect';

export type FormValues = {
  text: string;
  language: LanguageChoice;
  /** English or German spelling variant; 'auto' leaves it to the profile's default and the text. */
  variant: ProofreadingVariant | 'auto';
  rewrites: boolean;
};

type Props = {
  values: FormValues;
  onChange: (values: FormValues) => void;
  onSubmit: () => void;
  checking: boolean;
  /** Whether a language model is connected: only then are rewrites offered. */
  modelConnected: boolean;
  /** What is wrong with the text, from the server's validation. */
  textError: string | null;
  textRef?: RefObject<HTMLTextAreaElement | null>;
};

/** Whether a text may be sent: something to check and within the word limit. */
export function canCheck(text: string, words: number): boolean {
  return text.trim().length > 0 && words <= PROOFREADING_MAX_WORDS;
}

/** The spelling variants offered for a language choice: all of them while the language is detected. */
export function variantChoices(language: LanguageChoice): readonly ProofreadingVariant[] {
  if (language === 'auto') return [...(PROOFREADING_VARIANTS.en ?? []), ...(PROOFREADING_VARIANTS.de ?? [])];
  return PROOFREADING_VARIANTS[language] ?? [];
}

/**
 * The text to check, with its live word count against the 20,000-word limit, its language (detected unless
 * chosen) and, with a model connected, the rewrites option. Ctrl/⌘+Enter in the text checks it.
 */
export function ProofreadForm({ values, onChange, onSubmit, checking, modelConnected, textError, textRef }: Props) {
  const { t } = useTranslation();
  const id = useId();
  // Counting a long text on every key would slow typing; the count follows a moment later.
  const counted = useDeferredValue(values.text);
  const words = useMemo(() => countProofreadingWords(counted), [counted]);
  const over = words > PROOFREADING_MAX_WORDS;
  const ready = canCheck(values.text, words) && !checking;
  const variants = variantChoices(values.language);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ready) onSubmit();
  }

  function onTextKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (ready) onSubmit();
  }

  const describedBy = [`${id}-count`, over ? `${id}-over` : '', textError ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <form className="proofreading__form" onSubmit={submit} noValidate data-testid="proofreading-form">
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('proofreading.form.label')}</label>
        <textarea
          ref={textRef}
          id={`${id}-text`}
          value={values.text}
          placeholder={t('proofreading.form.placeholder')}
          maxLength={PROOFREADING_MAX_CHARACTERS}
          spellCheck={false}
          aria-invalid={over || textError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ ...values, text: event.target.value })}
          onKeyDown={onTextKey}
          data-testid="proofreading-text"
        />
        <div className="proofreading__meta-row">
          <span
            id={`${id}-count`}
            className="proofreading__count muted"
            data-over={over}
            data-testid="proofreading-word-count"
          >
            {t('proofreading.form.words', { count: words, limit: PROOFREADING_MAX_WORDS })}
          </span>
          <span className="muted">{t('proofreading.form.shortcut')}</span>
        </div>
        {over && (
          <p id={`${id}-over`} className="field__error" role="alert" data-testid="proofreading-too-long">
            {t('proofreading.form.tooLong', { count: words, limit: PROOFREADING_MAX_WORDS })}
          </p>
        )}
        {textError && (
          <p id={`${id}-error`} className="field__error" data-testid="proofreading-text-error">
            {textError}
          </p>
        )}
      </div>
      <div className="proofreading__options">
        <TextLanguageSelect
          id={`${id}-language`}
          label={t('proofreading.form.language')}
          autoLabel={t('proofreading.form.auto')}
          value={values.language}
          onChange={(language) =>
            onChange({
              ...values,
              language,
              variant:
                values.variant !== 'auto' && variantChoices(language).includes(values.variant)
                  ? values.variant
                  : 'auto',
            })
          }
          testId="proofreading-language"
        />
        {variants.length > 0 && (
          <VariantSelect
            id={`${id}-variant`}
            variants={variants}
            value={values.variant}
            onChange={(variant) => onChange({ ...values, variant })}
          />
        )}
        <button type="submit" className="button" disabled={!ready} data-testid="proofreading-submit">
          {checking && <span className="spinner" aria-hidden="true" />}
          {checking ? t('proofreading.form.checking') : t('proofreading.form.check')}
        </button>
      </div>
      {modelConnected ? (
        <label className="proofreading__check">
          <input
            type="checkbox"
            checked={values.rewrites}
            onChange={(event) => onChange({ ...values, rewrites: event.target.checked })}
            data-testid="proofreading-rewrites"
          />
          {t('proofreading.form.rewrites')}
        </label>
      ) : (
        <p className="muted proofreading__hint" data-testid="proofreading-rewrites-need-model">
          {t('proofreading.form.rewritesNeedModel')}
        </p>
      )}
    </form>
  );
}
