import {
  countProofreadingWords,
  DETECTOR_MAX_CHARACTERS,
  DETECTOR_MAX_WORDS,
  DETECTOR_MIN_WORDS,
} from '@quire/contracts';
import { type FormEvent, type KeyboardEvent, useDeferredValue, useId, useMemo } from 'react';
import { type LanguageChoice, TextLanguageSelect } from '../../components/language/TextLanguageSelect';
import { useTranslation } from '../../i18n/use-translation';

export type DetectorValues = { text: string; language: LanguageChoice };

type Props = {
  values: DetectorValues;
  onChange: (values: DetectorValues) => void;
  onSubmit: () => void;
  analysing: boolean;
  /** What the server said is wrong with the text. */
  textError: string | null;
};

/**
 * The text to analyse with its live word count (at least DETECTOR_MIN_WORDS, at most DETECTOR_MAX_WORDS), its
 * language (detected unless chosen) and the Analyse button; Ctrl/⌘+Enter in the text analyses it.
 */
export function DetectorForm({ values, onChange, onSubmit, analysing, textError }: Props) {
  const { t } = useTranslation();
  const id = useId();
  // Counting a long text on every key would slow typing; the count follows a moment later.
  const counted = useDeferredValue(values.text);
  const words = useMemo(() => countProofreadingWords(counted), [counted]);
  const tooShort = words > 0 && words < DETECTOR_MIN_WORDS;
  const tooLong = words > DETECTOR_MAX_WORDS;
  const ready = words >= DETECTOR_MIN_WORDS && !tooLong && !analysing;
  const problem = tooShort
    ? t('detector.form.tooShort', { count: words, minimum: DETECTOR_MIN_WORDS })
    : tooLong
      ? t('detector.form.tooLong', { count: words, limit: DETECTOR_MAX_WORDS })
      : textError;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ready) onSubmit();
  }

  function onTextKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (ready) onSubmit();
  }

  return (
    <form className="detector__form" onSubmit={submit} noValidate data-testid="detector-form">
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('detector.form.label')}</label>
        <textarea
          id={`${id}-text`}
          value={values.text}
          placeholder={t('detector.form.placeholder')}
          maxLength={DETECTOR_MAX_CHARACTERS}
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[`${id}-count`, problem ? `${id}-problem` : ''].filter(Boolean).join(' ')}
          onChange={(event) => onChange({ ...values, text: event.target.value })}
          onKeyDown={onTextKey}
          data-testid="detector-text"
        />
        <div className="detector__meta-row">
          <span id={`${id}-count`} className="muted" data-testid="detector-word-count">
            {t('detector.form.words', { count: words, minimum: DETECTOR_MIN_WORDS, limit: DETECTOR_MAX_WORDS })}
          </span>
          <span className="muted">{t('detector.form.shortcut')}</span>
        </div>
        {problem && (
          <p id={`${id}-problem`} className="field__error" data-testid="detector-text-problem">
            {problem}
          </p>
        )}
      </div>
      <div className="detector__options">
        <TextLanguageSelect
          id={`${id}-language`}
          label={t('detector.form.language')}
          autoLabel={t('detector.form.auto')}
          value={values.language}
          onChange={(language) => onChange({ ...values, language })}
          testId="detector-language"
        />
        <button type="submit" className="button" disabled={!ready} data-testid="detector-submit">
          {analysing && <span className="spinner" aria-hidden="true" />}
          {analysing ? t('detector.form.analysing') : t('detector.form.analyse')}
        </button>
      </div>
    </form>
  );
}
