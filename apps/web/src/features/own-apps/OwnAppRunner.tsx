import type { GenerationResult, OwnApp } from '@quire/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { type LanguageChoice, TextLanguageSelect } from '../../components/language/TextLanguageSelect';
import { translate } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { LIMIT_ERROR_CODES } from '../../lib/limit-errors';
import { getProfileSnapshot, loadProfile } from '../auth';
import {
  applyEvent,
  cancelRun,
  failRun,
  finishRun,
  type GenerationStore,
  generationStore,
  type HistoryEntry,
  HistoryPanel,
  IDLE_RUN,
  isEmptyResult,
  QuotaIndicator,
  RunResult,
  type RunState,
  runGeneration,
  showResult,
  startRun,
  useGeneration,
} from '../generation';
import {
  checkRunForm,
  initialRunValues,
  type RunErrors,
  type RunValues,
  serverRunErrors,
  valuesFromRun,
} from './run-form';
import './own-apps-styles';

type Props = { app: OwnApp; store?: GenerationStore };

/** The runner's state: the form's values and errors, the run under way or shown, the open history entry. */
function useOwnAppRun(app: OwnApp, store: GenerationStore) {
  const { t } = useTranslation();
  const formId = useId();
  const resultId = useId();
  const shared = useGeneration(store);
  const [values, setValues] = useState<RunValues>(() => initialRunValues(app));
  const [language, setLanguage] = useState<LanguageChoice>('auto');
  const [errors, setErrors] = useState<RunErrors>({});
  const [run, setRun] = useState<RunState>(IDLE_RUN);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [limit, setLimit] = useState<{ code: string; message: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void store.loadHistory(app.slug);
  }, [app.slug, store]);
  // Leaving the page stops a run still under way.
  useEffect(() => () => controller.current?.abort(), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (run.status === 'running') return;
    const check = checkRunForm(app, values, language, t);
    if (!check.ok) {
      setErrors(check.errors);
      formRef.current?.querySelector<HTMLElement>(`[data-testid="own-app-field-${check.first}"]`)?.focus();
      return;
    }
    setErrors({});
    void start(check.inputs);
  }

  async function start(inputs: Record<string, unknown>) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setRun(startRun());
    setActiveId(null);
    try {
      const result = await runGeneration(app.slug, inputs, {
        signal: current.signal,
        onEvent: (event) => setRun((state) => applyEvent(state, event)),
      });
      if (current.signal.aborted) return;
      setRun((state) => finishRun(state, result, t('generation.errors.empty')));
      if (isEmptyResult(result)) return;
      store.recordResult(result, getProfileSnapshot());
      setActiveId(result.id);
      // The server counted the words; its figures replace the local count once they arrive.
      loadProfile({ fresh: true }).catch((error: unknown) => console.warn('Could not refresh the words left', error));
    } catch (error) {
      if (current.signal.aborted) return;
      const failure = toFailure(error);
      setRun((state) => failRun(state, failure.message, failure.code));
      if (error instanceof ApiError && error.fields.length > 0) setErrors(serverRunErrors(error.fields));
      if (failure.code && LIMIT_ERROR_CODES.includes(failure.code)) setLimit({ ...failure, code: failure.code });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    setRun(cancelRun);
  }

  function open(entry: HistoryEntry) {
    if (run.status === 'running') return;
    setActiveId(entry.id);
    setValues((current) => valuesFromRun(current, entry.inputs));
    setLanguage(typeof entry.inputs.language === 'string' ? (entry.inputs.language as LanguageChoice) : 'auto');
    setErrors({});
    const result = resultOf(app, entry);
    setRun(result ? showResult(result) : IDLE_RUN);
    document.getElementById(resultId)?.focus();
  }

  async function remove(entry: HistoryEntry): Promise<boolean> {
    const deleted = await store.deleteResult(app.slug, entry.id);
    if (deleted && activeId === entry.id) {
      setActiveId(null);
      setRun(IDLE_RUN);
    }
    return deleted;
  }

  const running = run.status === 'running';
  const history = shared.histories[app.slug] ?? [];
  const opened = activeId ? history.find((entry) => entry.id === activeId) : undefined;
  // The history names each result by its first input's text.
  const titled = history.map((entry) => ({ ...entry, inputs: { headline: firstText(app, entry.inputs) } }));

  return {
    t,
    formId,
    resultId,
    shared,
    values,
    setValues,
    language,
    setLanguage,
    errors,
    run,
    activeId,
    limit,
    setLimit,
    formRef,
    submit,
    cancel,
    open,
    remove,
    running,
    history,
    opened,
    titled,
  };
}

/**
 * Runs an own application like a writing tool (DESIGN "A tool page"): a form built from its inputs on the
 * left; on the right the words left, the run — its stages, the text streaming in, then the result — and the
 * application's history. Results, words and history go through the writing tools' store.
 */
export function OwnAppRunner({ app, store = generationStore }: Props) {
  const {
    t,
    formId,
    resultId,
    shared,
    values,
    setValues,
    language,
    setLanguage,
    errors,
    run,
    activeId,
    limit,
    setLimit,
    formRef,
    submit,
    cancel,
    open,
    remove,
    running,
    history,
    opened,
    titled,
  } = useOwnAppRun(app, store);
  return (
    <div className="generation__workspace">
      <form ref={formRef} className="generation__form" onSubmit={submit} noValidate data-testid="own-app-run-form">
        <fieldset className="tool-form__body" disabled={running}>
          <legend className="visually-hidden">{t('ownApps.run.label')}</legend>
          {app.inputs.map((input) => (
            <RunInputField
              key={input.key}
              id={`${formId}-${input.key}`}
              input={input}
              value={values[input.key] ?? ''}
              error={errors[input.key]}
              onChange={(text) => setValues((current) => ({ ...current, [input.key]: text }))}
            />
          ))}
          <TextLanguageSelect
            id={`${formId}-language`}
            label={t('ownApps.run.language')}
            autoLabel={t('ownApps.run.languageAuto')}
            value={language}
            onChange={setLanguage}
            testId="own-app-language"
          />
          {errors.language && <p className="field__error">{errors.language}</p>}
          <button type="submit" className="button tool-form__submit" data-testid="own-app-run">
            {running ? t('ownApps.run.running') : t('ownApps.run.submit')}
          </button>
        </fieldset>
      </form>
      <div className="generation__output">
        <QuotaIndicator state={shared} />
        <RunResult
          id={resultId}
          run={run}
          opened={Boolean(opened)}
          onCancel={cancel}
          labels={{
            cancel: t('ownApps.run.cancel'),
            cancelled: t('ownApps.run.cancelled'),
            placeholder: t('ownApps.run.placeholder'),
          }}
        />
        <HistoryPanel
          entries={titled}
          status={shared.historyStatus[app.slug]}
          activeId={activeId}
          onOpen={(entry) => {
            const original = history.find((each) => each.id === entry.id);
            if (original) open(original);
          }}
          onDelete={remove}
        />
      </div>
      {limit && <LimitDialog code={limit.code} message={limit.message} onClose={() => setLimit(null)} />}
    </div>
  );
}

/** One input of the application: its text field with the characters left and its message. */
function RunInputField({
  id,
  input,
  value,
  error,
  onChange,
}: {
  id: string;
  input: OwnApp['inputs'][number];
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const props = {
    id,
    value,
    maxLength: input.max_length,
    required: input.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [`${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' '),
    'data-testid': `own-app-field-${input.key}`,
  };
  return (
    <div className="field tool-form__field">
      <label htmlFor={id}>
        {input.label}
        {!input.required && <span className="own-app-run__optional"> {t('ownApps.run.optional')}</span>}
      </label>
      {input.multiline ? (
        <textarea {...props} rows={6} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...props} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      <span
        id={`${id}-count`}
        className={`own-app-run__counter muted${value.length >= input.max_length ? ' own-app-run__counter--full' : ''}`}
        data-testid={`own-app-count-${input.key}`}
      >
        {t('ownApps.run.counter', { count: value.length, max: input.max_length })}
      </span>
      {error && (
        <p id={`${id}-error`} className="field__error" data-testid={`own-app-error-${input.key}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The text of the first input the run filled, which says what it was about. */
function firstText(app: Pick<OwnApp, 'inputs'>, inputs: Record<string, unknown>): string {
  for (const input of app.inputs) {
    const value = inputs[input.key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '';
}

/** An entry's result when it carries its text (written this session, or sent by the server with the history). */
function resultOf(app: Pick<OwnApp, 'slug'>, entry: HistoryEntry): GenerationResult | null {
  if (typeof entry.text !== 'string' || !entry.engine) return null;
  return {
    id: entry.id,
    slug: app.slug,
    created_at: entry.created_at,
    inputs: entry.inputs,
    words_used: entry.words_used,
    text: entry.text,
    citations: entry.citations ?? [],
    engine: entry.engine,
  };
}

function toFailure(error: unknown): { message: string; code: string | null } {
  if (error instanceof ApiError) return { message: error.message, code: error.code };
  console.error('An own application failed', error);
  return { message: translate('errors:generic_error'), code: null };
}
