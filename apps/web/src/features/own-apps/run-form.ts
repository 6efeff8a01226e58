import { describeIssues, type LocaleCode, type OwnApp, ownAppRunSchema } from '@quire/contracts';
import type { LanguageChoice } from '../../components/language/TextLanguageSelect';
import type { Translate } from '../../i18n/translate';

/** The run form: a text per input key. */
export type RunValues = Record<string, string>;
/** What is wrong, by input key (or `language`), translated. */
export type RunErrors = Record<string, string>;

export function initialRunValues(app: Pick<OwnApp, 'inputs'>): RunValues {
  return Object.fromEntries(app.inputs.map((input) => [input.key, '']));
}

/** A form filled with an earlier run's inputs (opened from the history); the rest stays as it is. */
export function valuesFromRun(base: RunValues, inputs: Record<string, unknown>): RunValues {
  const next = { ...base };
  for (const key of Object.keys(base)) next[key] = typeof inputs[key] === 'string' ? inputs[key] : '';
  return next;
}

export type RunCheck = { ok: true; inputs: Record<string, unknown> } | { ok: false; errors: RunErrors; first: string };

/**
 * Checks the form against the application's own inputs with the contract's schema (the server checks the
 * same): the inputs to send — empty optional texts left out, the language unless it is the UI's — or one
 * translated message per wrong input, named by its label.
 */
export function checkRunForm(
  app: Pick<OwnApp, 'inputs'>,
  values: RunValues,
  language: LanguageChoice,
  t: Translate,
): RunCheck {
  const inputs: Record<string, unknown> = {};
  for (const input of app.inputs) {
    const value = values[input.key] ?? '';
    if (input.required || value.trim() !== '') inputs[input.key] = value;
  }
  if (language !== 'auto') inputs.language = language satisfies LocaleCode;
  const parsed = ownAppRunSchema(app.inputs).safeParse(inputs);
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors: RunErrors = {};
  for (const issue of describeIssues(parsed.error)) {
    const key = issue.path.split('.')[0] ?? '';
    if (errors[key]) continue;
    const label = app.inputs.find((input) => input.key === key)?.label ?? key;
    errors[key] = t(`validation:${issue.key}`, { ...issue.params, field: label });
  }
  const first = app.inputs.find((input) => errors[input.key])?.key ?? Object.keys(errors)[0] ?? '';
  return { ok: false, errors, first };
}

/** The server's field errors (`concept`, or `inputs.concept`) as the form's. */
export function serverRunErrors(fields: readonly { path: string; message: string }[]): RunErrors {
  const errors: RunErrors = {};
  for (const { path, message } of fields) {
    const key = path.replace(/^inputs\./, '').split('.')[0] ?? '';
    if (key && !errors[key]) errors[key] = message;
  }
  return errors;
}
