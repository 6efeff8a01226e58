import type { OwnApp } from '@quire/contracts';
import { LimitDialog } from '../../components/dialog/LimitDialog';
import { TextLanguageSelect } from '../../components/language/TextLanguageSelect';
import { useTranslation } from '../../i18n/use-translation';
import { HistoryPanel, QuotaIndicator, RunResult } from '../generation';
import { type OwnAppRun, useOwnAppRun } from './use-own-app-run';
import './own-apps-styles';

/**
 * Runs an own application like a writing tool (DESIGN "A tool page"): a form built from its inputs on the
 * left; on the right the words left, the run — its stages, the text streaming in, then the result — and the
 * application's history. Results, words and history go through the writing tools' run and history.
 */
export function OwnAppRunner({ app }: { app: OwnApp }) {
  const run = useOwnAppRun(app);
  return <OwnAppRunView run={run} />;
}

function OwnAppRunView({ run }: { run: OwnAppRun }) {
  const { t } = useTranslation();
  const { app, runner, history } = run;
  return (
    <div className="generation__workspace">
      <form
        ref={run.formRef}
        className="generation__form"
        onSubmit={run.submit}
        noValidate
        data-testid="own-app-run-form"
      >
        <fieldset className="tool-form__body" disabled={runner.running}>
          <legend className="visually-hidden">{t('ownApps.run.label')}</legend>
          {app.inputs.map((input) => (
            <RunInputField
              key={input.key}
              id={`${run.formId}-${input.key}`}
              input={input}
              value={run.values[input.key] ?? ''}
              error={run.errors[input.key]}
              onChange={(text) => run.setValue(input.key, text)}
            />
          ))}
          <TextLanguageSelect
            id={`${run.formId}-language`}
            label={t('ownApps.run.language')}
            autoLabel={t('ownApps.run.languageAuto')}
            value={run.language}
            onChange={run.setLanguage}
            testId="own-app-language"
          />
          {run.errors.language && <p className="field__error">{run.errors.language}</p>}
          <button type="submit" className="button tool-form__submit" data-testid="own-app-run">
            {runner.running ? t('ownApps.run.running') : t('ownApps.run.submit')}
          </button>
        </fieldset>
      </form>
      <div className="generation__output">
        <QuotaIndicator />
        <RunResult
          id={run.resultId}
          run={runner.run}
          onCancel={runner.cancel}
          labels={{
            cancel: t('ownApps.run.cancel'),
            cancelled: t('ownApps.run.cancelled'),
            placeholder: t('ownApps.run.placeholder'),
          }}
        />
        <HistoryPanel
          entries={run.titled}
          status={history.status}
          error={history.error}
          activeId={runner.activeId}
          onOpen={(entry) => {
            const original = history.entries.find((each) => each.id === entry.id);
            if (original) run.open(original);
          }}
          onDelete={run.remove}
        />
      </div>
      {runner.limit && (
        <LimitDialog code={runner.limit.code} message={runner.limit.message} onClose={runner.closeLimit} />
      )}
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
