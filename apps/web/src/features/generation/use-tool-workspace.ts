import type { GenerationResult, GenerationSlug } from '@quire/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { queryClient } from '../../lib/query-client';
import { loadRequestedResult } from '../history';
import { getProject, useProjectPrefill } from '../project';
import { toolHistoryQuery, useTopics } from '../tool-history';
import {
  checkToolForm,
  initialValues,
  serverFieldErrors,
  type ToolFieldErrors,
  type ToolFormValues,
  valuesFromInputs,
} from './tool-form';
import { useToolRun } from './use-tool-run';

/**
 * A writing tool's state on its page: the form's values and errors, the run under way or the result on show,
 * the tool's history and topics, and the result a URL names (`?result={id}`, reopened from the history page).
 */
export function useToolWorkspace(slug: GenerationSlug) {
  const { t } = useTranslation();
  const locale = useLocale();
  const resultId = useId();
  const topics = useTopics();
  const [values, setValues] = useState<ToolFormValues>(() => initialValues(slug, locale, getProject()));
  useProjectPrefill(locale, setValues);
  const [errors, setErrors] = useState<ToolFieldErrors>({});
  const runner = useToolRun(slug, (fields) => setErrors(serverFieldErrors(slug, fields)));
  const history = runner.history;
  const formRef = useRef<HTMLDivElement>(null);
  /** Where the run was started from: the submit button is disabled while it runs, so focus has left it by the time a limit dialog opens. */
  const startedFrom = useRef<HTMLElement | null>(null);
  useRequestedResult(
    slug,
    (result) => {
      setValues((current) => valuesFromInputs(current, result.inputs));
      runner.show(result);
    },
    runner.fail,
  );

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
    void runner.start(check.inputs);
  }

  function open(entry: GenerationResult) {
    runner.open(
      entry,
      (inputs) => {
        setValues((current) => valuesFromInputs(current, inputs));
        setErrors({});
      },
      resultId,
    );
  }

  return {
    slug,
    resultId,
    history,
    topics,
    values,
    setValues,
    errors,
    runner,
    formRef,
    startedFrom,
    submit,
    open,
    remove: runner.remove,
  };
}

export type ToolWorkspace = ReturnType<typeof useToolWorkspace>;

/** Shows the result the URL names once it is known, or why it cannot be shown. */
function useRequestedResult(
  slug: GenerationSlug,
  onResult: (result: GenerationResult) => void,
  onFailure: (error: unknown) => void,
) {
  const requestedId = useSearchParams()[0].get('result');
  const handlers = useRef({ onResult, onFailure });
  handlers.current = { onResult, onFailure };

  useEffect(() => {
    if (!requestedId) return;
    let cancelled = false;
    // A history that could not be loaded is not needed (its panel says why): the result is then asked for by itself.
    queryClient
      .ensureQueryData(toolHistoryQuery(slug))
      .catch((): GenerationResult[] => [])
      .then((history) => loadRequestedResult(requestedId, slug, history))
      .then((result) => {
        if (!cancelled) handlers.current.onResult(result);
      })
      .catch((error: unknown) => {
        if (!cancelled) handlers.current.onFailure(error);
      });
    return () => {
      cancelled = true;
    };
  }, [requestedId, slug]);
}
