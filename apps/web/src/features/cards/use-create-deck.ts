import { type CreateDeckInput, countProofreadingWords, DECK_LIMITS, type Deck } from '@quire/contracts';
import { type FormEvent, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import type { LanguageChoice } from '../../components/language/TextLanguageSelect';
import type { Translate } from '../../i18n/translate';
import { useTranslation } from '../../i18n/use-translation';
import { createDeck } from './cards.api';
import { failureMessage, limitOf } from './cards-errors';

export type DeckOrigin = 'source' | 'text';
type Values = { sourceId: string; text: string; name: string; language: LanguageChoice; count: string };
export type Field = 'source' | 'text' | 'name' | 'count';
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
 * The new deck's values, what is wrong with them (once submitted, and as the server said), the words of a pasted
 * text, and the request under way; a plan without the tool leaves its limit to show.
 */
export function useCreateDeck(from: DeckOrigin, onCreated: (deck: Deck) => void) {
  const { t } = useTranslation();
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

  return { values, set, making, failure, limit, closeLimit: () => setLimit(null), words, problems, submit, min, max };
}

function problemsOf(values: Values, from: DeckOrigin, words: number, t: Translate): Problems {
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

function requestOf(values: Values, from: DeckOrigin): CreateDeckInput {
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
