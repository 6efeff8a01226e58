import type { GenerationResult, OwnApp } from '@quire/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { LanguageChoice } from '../../components/language/TextLanguageSelect';
import { useTranslation } from '../../i18n/use-translation';
import { useToolRun } from '../generation';
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
  const [values, setValues] = useState<RunValues>(() => initialRunValues(app));
  const [language, setLanguage] = useState<LanguageChoice>('auto');
  const [errors, setErrors] = useState<RunErrors>({});
  const runner = useToolRun(app.slug, (fields) => setErrors(serverRunErrors(fields)));
  const history = runner.history;
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
    runner.open(
      entry,
      (inputs) => {
        setValues((current) => valuesFromRun(current, inputs));
        setLanguage(typeof inputs.language === 'string' ? (inputs.language as LanguageChoice) : 'auto');
        setErrors({});
      },
      resultId,
    );
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
    remove: runner.remove,
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
