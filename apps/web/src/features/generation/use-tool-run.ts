import type { FieldError, GenerationResult, ToolSlug } from '@quire/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { LIMIT_ERROR_CODES } from '../../lib/limit-errors';
import { failureOf } from '../../lib/query-client';
import { getProfileSnapshot, loadProfile, storeProfile } from '../auth';
import { rememberProjectFrom } from '../project';
import { recordResult, useToolHistory } from '../tool-history';
import { runGeneration } from './generation.api';
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

export type LimitReached = { code: string; message: string };

/**
 * A tool's run on its page (spec §4), shared by the writing tools and own applications: its stages and text
 * streaming in, then the result, the failure or the cancellation; the result on show (the run's, or one opened
 * from the history); the limit a used-up quota reached. A result joins its tool's history, counts its words and
 * lends the current project its topic and language. Leaving the page stops a run under way.
 */
export function useToolRun(slug: ToolSlug, onFieldErrors: (fields: readonly FieldError[]) => void) {
  const { t } = useTranslation();
  const history = useToolHistory(slug);
  const [run, setRun] = useState<RunState>(IDLE_RUN);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [limit, setLimit] = useState<LimitReached | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

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
      recordResult(result);
      countWords(result.words_used);
      rememberProjectFrom(result.inputs);
      setActiveId(result.id);
      // The server counted the words; its figures replace the local count once they arrive.
      loadProfile({ fresh: true }).catch((error: unknown) => console.warn('Could not refresh the words left', error));
    } catch (error) {
      if (current.signal.aborted) return;
      const failure = fail(error);
      if (error instanceof ApiError && error.fields.length > 0) onFieldErrors(error.fields);
      if (failure.code && LIMIT_ERROR_CODES.includes(failure.code)) setLimit({ ...failure, code: failure.code });
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }

  /** Shows the failure's translated message in place of a result. */
  function fail(error: unknown): { message: string; code: string | null } {
    if (!(error instanceof ApiError)) console.error('A run failed', { slug, error });
    const failure = failureOf(error);
    setRun((state) => failRun(state, failure.message, failure.code));
    return failure;
  }

  /** An earlier result (from the history, or named in the URL) becomes the one on show. */
  function show(result: GenerationResult) {
    setActiveId(result.id);
    setRun(showResult(result));
  }

  /** A deleted result is no longer shown. */
  function forget(id: string) {
    if (activeId !== id) return;
    setActiveId(null);
    setRun(IDLE_RUN);
  }

  return {
    run,
    history,
    running: run.status === 'running',
    activeId,
    limit,
    closeLimit: () => setLimit(null),
    start,
    fail,
    cancel() {
      controller.current?.abort();
      controller.current = null;
      setRun(cancelRun);
    },
    show,
    forget,
    /**
     * Reopens a result from the history unless a run is under way: `restore` puts its inputs back in the form,
     * and the focus moves to the result (the element with `resultId`).
     */
    open(entry: GenerationResult, restore: (inputs: Record<string, unknown>) => void, resultId: string) {
      if (run.status === 'running') return;
      restore(entry.inputs);
      show(entry);
      document.getElementById(resultId)?.focus();
    },
    /** Deletes a result from the tool's history; the one on show goes with it. */
    async remove(entry: GenerationResult): Promise<boolean> {
      const deleted = await history.remove(entry.id);
      if (deleted) forget(entry.id);
      return deleted;
    },
  };
}

export type ToolRun = ReturnType<typeof useToolRun>;

/** A result's words count against the profile at once (spec §4), until the server's figures are loaded again. */
function countWords(words: number): void {
  const profile = getProfileSnapshot();
  if (profile) storeProfile({ ...profile, words_used: profile.words_used + words });
}
