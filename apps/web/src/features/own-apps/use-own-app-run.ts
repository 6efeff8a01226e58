import type { GenerationResult, OwnApp } from '@quire/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { LanguageChoice } from '../../components/language/TextLanguageSelect';
import { useTranslation } from '../../i18n/use-translation';
import { useToolRun } from '../generation';
import { useToolHistory } from '../tool-history';
import {
  checkRunForm,
  initialRunValues,
  type RunErrors,
  type RunValues,
  serverRunErrors,
  valuesFromRun,
} from './run-form';

/** The runner's state: the form's values, language and errors, the run under way or the result on show, the history. */
export function useOwnAppRun(app: OwnApp) {
  const { t } = useTranslation();
  const formId = useId();
  const resultId = useId();
  const history = useToolHistory(app.slug);
  const [values, setValues] = useState<RunValues>(() => initialRunValues(app));
  const [language, setLanguage] = useState<LanguageChoice>('auto');
  const [errors, setErrors] = useState<RunErrors>({});
  const runner = useToolRun(app.slug, (fields) => setErrors(serverRunErrors(fields)));
  const formRef = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (runner.running) return;
    const check = checkRunForm(app, values, language, t);
    if (!check.ok) {
      setErrors(check.errors);
      formRef.current?.querySelector<HTMLElement>(`[data-testid="own-app-field-${check.first}"]`)?.focus();
      return;
    }
    setErrors({});
    void runner.start(check.inputs);
  }

  function open(entry: GenerationResult) {
    if (runner.running) return;
    setValues((current) => valuesFromRun(current, entry.inputs));
    setLanguage(typeof entry.inputs.language === 'string' ? (entry.inputs.language as LanguageChoice) : 'auto');
    setErrors({});
    runner.show(entry);
    document.getElementById(resultId)?.focus();
  }

  async function remove(entry: GenerationResult): Promise<boolean> {
    const deleted = await history.remove(entry.id);
    if (deleted) runner.forget(entry.id);
    return deleted;
  }

  return {
    app,
    formId,
    resultId,
    history,
    // The history names each result by its first input's text.
    titled: history.entries.map((entry) => ({ ...entry, inputs: { headline: firstText(app, entry.inputs) } })),
    values,
    setValue: (key: string, text: string) => setValues((current) => ({ ...current, [key]: text })),
    language,
    setLanguage,
    errors,
    runner,
    formRef,
    submit,
    open,
    remove,
  };
}

export type OwnAppRun = ReturnType<typeof useOwnAppRun>;

/** The text of the first input the run filled, which says what it was about. */
function firstText(app: Pick<OwnApp, 'inputs'>, inputs: Record<string, unknown>): string {
  for (const input of app.inputs) {
    const value = inputs[input.key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '';
}
