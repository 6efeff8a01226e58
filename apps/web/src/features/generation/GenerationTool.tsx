import type { GenerationResult, GenerationSlug } from '@quire/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { translate } from '../../i18n/i18n';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { LIMIT_ERROR_CODES } from '../../lib/limit-errors';
import { getProfileSnapshot, loadProfile, useSession } from '../auth';
import { loadRequestedResult } from '../history';
import { getProject, useProjectPrefill } from '../project';
import { CheatSheet } from './CheatSheet';
import { readCheatSheetShown, writeCheatSheetShown } from './cheat-sheet';
import { runGeneration } from './generation.api';
import type { HistoryEntry } from './generation.state';
import { type GenerationStore, generationStore, useGeneration } from './generation.store';
import { HistoryPanel } from './HistoryPanel';
import { QuotaIndicator } from './QuotaIndicator';
import { RunResult } from './RunResult';
import {
  applyEvent,
  cancelRun,
  failRun,
  finishRun,
  IDLE_RUN,
  isEmptyResult,
  type RunState,
  showResult,
  startRun,
} from './run.state';
import { ToolForm } from './ToolForm';
import {
  checkToolForm,
  initialValues,
  serverFieldErrors,
  type ToolFieldErrors,
  type ToolFormValues,
  valuesFromInputs,
} from './tool-form';
import './generation-styles';

type Props = { slug: GenerationSlug; store?: GenerationStore };

/**
 * A writing tool (spec §1, §4; DESIGN "A tool page"): the cheat sheet and the form on the left, on the right
 * the words left, the run — its stages, the text streaming in, then the result — and the tool's history.
 */
export function GenerationTool({ slug, store = generationStore }: Props) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const signedIn = Boolean(useSession());
  const [cheatSheet, setCheatSheet] = useState(readCheatSheetShown);

  function toggleCheatSheet() {
    setCheatSheet((shown) => {
      writeCheatSheetShown(!shown);
      return !shown;
    });
  }

  return (
    <section className="generation" data-testid="generation" data-slug={slug}>
      <div className="generation__input">
        <CheatSheet slug={slug} shown={cheatSheet} onToggle={toggleCheatSheet} />
        {!signedIn && (
          <p className="notice" data-testid="generation-sign-in">
            {t('generation.signIn.text')} <Link to={to('login')}>{t('generation.signIn.link')}</Link>
          </p>
        )}
      </div>
      {signedIn && <Workspace key={slug} slug={slug} store={store} />}
    </section>
  );
}

/** A tool's state on its page: the form's values and errors, the run under way or shown, the open history entry, the result a URL names. */
function useWorkspace({ slug, store }: { slug: GenerationSlug; store: GenerationStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const resultId = useId();
  const shared = useGeneration(store);
  const [values, setValues] = useState<ToolFormValues>(() => initialValues(slug, locale, getProject()));
  useProjectPrefill(locale, setValues);
  const [errors, setErrors] = useState<ToolFieldErrors>({});
  const [run, setRun] = useState<RunState>(IDLE_RUN);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [limit, setLimit] = useState<{ code: string; message: string } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  /** Where the run was started from: the submit button is disabled while it runs, so focus has left it by the time a limit dialog opens. */
  const startedFrom = useRef<HTMLElement | null>(null);

  useEffect(() => {
    void store.loadHistory(slug);
  }, [slug, store]);
  const requestedId = useSearchParams()[0].get('result');
  // A result named in the URL (reopened from the history page) is shown as the active one.
  useEffect(() => {
    if (!requestedId) return;
    let cancelled = false;
    store
      .loadHistory(slug)
      .then(() => loadRequestedResult(requestedId, slug, store.getSnapshot().histories[slug] ?? []))
      .then((result) => {
        if (cancelled) return;
        setActiveId(result.id);
        setValues((current) => valuesFromInputs(current, result.inputs));
        setRun(showResult(result));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const failure = toFailure(error);
        setRun((state) => failRun(state, failure.message, failure.code));
      });
    return () => {
      cancelled = true;
    };
  }, [requestedId, slug, store]);
  // Leaving the page stops a run still under way.
  useEffect(() => () => controller.current?.abort(), []);

  function submit() {
    startedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const check = checkToolForm(slug, values, t);
    if (!check.ok) {
      setErrors(check.errors);
      const form = formRef.current;
      const field = `field-${check.first}`;
      // A radio group's field is its first choice; the chosen sources are the picker's open tab.
      (
        form?.querySelector<HTMLElement>(`[data-testid="${field}"]`) ??
        form?.querySelector<HTMLElement>(`[data-testid^="${field}-"]`) ??
        (check.first === 'source_ids' ? form?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') : null)
      )?.focus();
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
      const result = await runGeneration(slug, inputs, {
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
      if (error instanceof ApiError && error.fields.length > 0) setErrors(serverFieldErrors(slug, error.fields));
      if (failure.code && LIMIT_ERROR_CODES.includes(failure.code))
        setLimit(failure as { code: string; message: string });
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
    setValues((current) => valuesFromInputs(current, entry.inputs));
    setErrors({});
    const result = resultOf(entry);
    setRun(result ? showResult(result) : { ...IDLE_RUN, status: 'idle' });
    document.getElementById(resultId)?.focus();
  }

  async function remove(entry: HistoryEntry): Promise<boolean> {
    const deleted = await store.deleteResult(slug, entry.id);
    if (deleted && activeId === entry.id) {
      setActiveId(null);
      setRun(IDLE_RUN);
    }
    return deleted;
  }

  const running = run.status === 'running';
  const opened = activeId ? (shared.histories[slug] ?? []).find((entry) => entry.id === activeId) : undefined;

  return {
    t,
    resultId,
    shared,
    values,
    setValues,
    errors,
    run,
    activeId,
    limit,
    setLimit,
    formRef,
    startedFrom,
    submit,
    cancel,
    open,
    remove,
    running,
    opened,
  };
}

function Workspace({ slug, store }: { slug: GenerationSlug; store: GenerationStore }) {
  const {
    t,
    resultId,
    shared,
    values,
    setValues,
    errors,
    run,
    activeId,
    limit,
    setLimit,
    formRef,
    startedFrom,
    submit,
    cancel,
    open,
    remove,
    running,
    opened,
  } = useWorkspace({ slug, store });
  return (
    <div className="generation__workspace">
      <div className="generation__form" ref={formRef}>
        <ToolForm
          slug={slug}
          values={values}
          errors={errors}
          onChange={setValues}
          onSubmit={submit}
          running={running}
          topics={shared.topics}
        />
      </div>
      <div className="generation__output">
        <QuotaIndicator state={shared} />
        <RunResult
          id={resultId}
          run={run}
          opened={Boolean(opened)}
          onCancel={cancel}
          labels={{
            cancel: t('generation.form.cancel'),
            cancelled: t('generation.result.cancelled'),
            placeholder: t('generation.result.placeholder'),
          }}
        />
        <HistoryPanel
          entries={shared.histories[slug] ?? []}
          status={shared.historyStatus[slug]}
          activeId={activeId}
          onOpen={open}
          onDelete={remove}
        />
      </div>
      {limit && (
        <LimitDialog
          code={limit.code}
          message={limit.message}
          onClose={() => setLimit(null)}
          returnFocus={startedFrom}
        />
      )}
    </div>
  );
}

/** An entry's result when it carries its text (written this session, or sent by the server with the history). */
function resultOf(entry: HistoryEntry): GenerationResult | null {
  if (typeof entry.text !== 'string' || !entry.engine) return null;
  return {
    id: entry.id,
    slug: entry.slug as GenerationSlug,
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
  console.error('A generation failed', error);
  return { message: translate('errors:generic_error'), code: null };
}
