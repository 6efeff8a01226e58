import { type CreateDeckInput, countProofreadingWords, DECK_LIMITS, type Deck } from '@quire/contracts';
import { type FormEvent, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { type LanguageChoice, TextLanguageSelect } from '../../components/language/TextLanguageSelect';
import type { Translate } from '../../i18n/translate';
import { useTranslation } from '../../i18n/use-translation';
import { createDeck } from './cards.api';
import { failureMessage, limitOf } from './cards-errors';
import { SourceField } from './SourceField';

type Props = {
  from: 'source' | 'text';
  onCreated: (deck: Deck) => void;
};

type Values = { sourceId: string; text: string; name: string; language: LanguageChoice; count: string };
type Field = 'source' | 'text' | 'name' | 'count';
type Problems = Partial<Record<Field, string>>;

const EMPTY: Values = {
  sourceId: '',
  text: '',
  name: '',
  language: 'auto',
  count: String(DECK_LIMITS.generate.default),
};
const { min, max } = DECK_LIMITS.generate;

/**
 * Cards made from one of the user's usable sources or from a pasted text: an optional name, the language
 * (detected unless chosen) and how many cards. The server answers when the deck is made, which takes a while
 * with a language model; meanwhile the form is locked and says so. A plan without the tool opens the limit dialog.
 */
export function CreateDeckForm({ from, onCreated }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [making, setMaking] = useState(false);
  const [failure, setFailure] = useState<{ message: string; fields: Problems } | null>(null);
  const [limit, setLimit] = useState<{ code: string; message: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops waiting for an answer.
  useEffect(() => () => controller.current?.abort(), []);

  // Counting a long text on every key would slow typing; the count follows a moment later.
  const counted = useDeferredValue(values.text);
  const words = useMemo(() => countProofreadingWords(counted), [counted]);
  const problems = { ...(checked ? problemsOf(values, from, words, t) : {}), ...failure?.fields };

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFailure((current) => (current ? { ...current, fields: {} } : null));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (making) return;
    setChecked(true);
    if (Object.keys(problemsOf(values, from, countProofreadingWords(values.text), t)).length > 0) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setMaking(true);
    setFailure(null);
    try {
      const deck = await createDeck(requestOf(values, from), { signal: current.signal });
      if (!current.signal.aborted) onCreated(deck);
    } catch (error) {
      if (current.signal.aborted) return;
      setMaking(false);
      setFailure({ message: failureMessage(error, 'making a deck'), fields: fieldProblems(error) });
      setLimit(limitOf(error));
    }
  }

  const describedBy = (field: Field, ...others: string[]) =>
    [...others, problems[field] ? `${id}-${field}-problem` : ''].filter(Boolean).join(' ') || undefined;
  const problemText = (field: Field) =>
    problems[field] ? (
      <p id={`${id}-${field}-problem`} className="field__error" data-testid={`create-${field}-problem`}>
        {problems[field]}
      </p>
    ) : null;

  return (
    <form className="create-deck" onSubmit={submit} noValidate aria-busy={making} data-testid="create-deck-form">
      <fieldset className="create-deck__fields" disabled={making}>
        {from === 'source' ? (
          <SourceField
            id={`${id}-source`}
            value={values.sourceId}
            onChange={(sourceId) => set('sourceId', sourceId)}
            invalid={Boolean(problems.source)}
            describedBy={describedBy('source')}
            problem={problemText('source')}
          />
        ) : (
          <div className="field">
            <label htmlFor={`${id}-text`}>{t('cards.create.text')}</label>
            <textarea
              id={`${id}-text`}
              value={values.text}
              placeholder={t('cards.create.textPlaceholder')}
              maxLength={DECK_LIMITS.text}
              aria-invalid={problems.text ? true : undefined}
              aria-describedby={describedBy('text', `${id}-words`)}
              onChange={(event) => set('text', event.target.value)}
              data-testid="create-text"
            />
            <span id={`${id}-words`} className="muted create-deck__meta">
              {t('cards.create.words', { count: words, minimum: DECK_LIMITS.minWords })}
            </span>
            {problemText('text')}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('cards.create.name')}</label>
          <input
            id={`${id}-name`}
            value={values.name}
            maxLength={DECK_LIMITS.name}
            placeholder={t('cards.create.namePlaceholder')}
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(event) => set('name', event.target.value)}
            data-testid="create-name"
          />
          {problemText('name')}
        </div>
        <div className="create-deck__row">
          <TextLanguageSelect
            id={`${id}-language`}
            label={t('cards.create.language')}
            autoLabel={t('cards.create.languageAuto')}
            value={values.language}
            onChange={(language) => set('language', language)}
            testId="create-language"
          />
          <div className="field">
            <label htmlFor={`${id}-count`}>{t('cards.create.count')}</label>
            <input
              id={`${id}-count`}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              value={values.count}
              aria-invalid={problems.count ? true : undefined}
              aria-describedby={describedBy('count', `${id}-count-hint`)}
              onChange={(event) => set('count', event.target.value)}
              data-testid="create-count"
            />
            <span id={`${id}-count-hint`} className="muted create-deck__meta">
              {t('cards.create.countHint', { min, max })}
            </span>
            {problemText('count')}
          </div>
        </div>
      </fieldset>
      <button type="submit" className="button" disabled={making} data-testid="create-submit">
        {making && <span className="spinner" aria-hidden="true" />}
        {making ? t('cards.create.making') : t('cards.create.submit')}
      </button>
      {making && (
        <div className="create-deck__progress" role="status" data-testid="create-progress">
          <div className="create-deck__progress-bar" aria-hidden="true" />
          <p>{t('cards.create.progress', { count: Number(values.count) })}</p>
        </div>
      )}
      {failure && (
        <p className="notice notice--error" role="alert" data-testid="create-error">
          {failure.message}
        </p>
      )}
      {limit && <LimitDialog code={limit.code} message={limit.message} onClose={() => setLimit(null)} />}
    </form>
  );
}

function problemsOf(values: Values, from: Props['from'], words: number, t: Translate): Problems {
  const problems: Problems = {};
  if (from === 'source' && !values.sourceId) problems.source = t('cards.create.sourceRequired');
  if (from === 'text' && words < DECK_LIMITS.minWords) {
    problems.text = t('cards.create.tooShort', { count: words, minimum: DECK_LIMITS.minWords });
  }
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < min || count > max)
    problems.count = t('cards.create.countRange', { min, max });
  if (values.name.trim().length > DECK_LIMITS.name)
    problems.name = t('cards.create.nameTooLong', { limit: DECK_LIMITS.name });
  return problems;
}

function requestOf(values: Values, from: Props['from']): CreateDeckInput {
  const common = {
    ...(values.name.trim() ? { name: values.name.trim() } : {}),
    ...(values.language === 'auto' ? {} : { language: values.language }),
    count: Number(values.count),
  };
  return from === 'source' ? { source_id: values.sourceId, ...common } : { text: values.text, ...common };
}

/** What the server said about single fields, by the form's field names. */
function fieldProblems(error: unknown): Problems {
  if (!(error instanceof ApiError)) return {};
  const problems: Problems = {};
  for (const field of error.fields) {
    const name = field.path.split('.').at(-1);
    if (name === 'source_id') problems.source = field.message;
    else if (name === 'text' || name === 'name' || name === 'count') problems[name] = field.message;
  }
  return problems;
}
