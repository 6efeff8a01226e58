import type { GenerationSlug } from '@quire/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { SourcePicker } from '../sources';
import { FieldError, ToolFieldControl } from './ToolFields';
import {
  fieldVisible,
  picksSources,
  TOOL_FIELDS,
  type ToolField,
  type ToolFieldErrors,
  type ToolFormValues,
} from './tool-form';
import { type ToolFormFields, useToolFormFields } from './use-tool-form-fields';

type Props = {
  slug: GenerationSlug;
  values: ToolFormValues;
  errors: ToolFieldErrors;
  onChange: (values: ToolFormValues) => void;
  onSubmit: () => void;
  running: boolean;
  /** Topic autocompletion (spec §3), the latest used first. */
  topics: readonly string[];
};

/**
 * A writing tool's form: the fields of its inputs schema, each with its label, hint and the message of what is
 * wrong with it. Submitting (a button or Enter in a one-line field) hands over to the page, which checks it.
 */
export function ToolForm({ slug, values, errors, onChange, onSubmit, running, topics }: Props) {
  const { t } = useTranslation();
  const form = useToolFormFields(slug, values, errors, onChange);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!running) onSubmit();
  }

  const fields = TOOL_FIELDS[slug].filter((field) => fieldVisible(slug, field, values));
  const sourcesAfter: ToolField = fields.includes('source_type') ? 'source_type' : 'language';

  return (
    <form className="tool-form" onSubmit={submit} noValidate aria-busy={running} data-testid="tool-form">
      <fieldset className="tool-form__body" disabled={running}>
        <legend className="visually-hidden">{t('generation.form.label')}</legend>
        {fields.map((field) => (
          <div key={field} className="tool-form__slot">
            <ToolFieldControl form={form} field={field} topics={topics} />
            {field === sourcesAfter && picksSources(slug, values) && <SourcesField form={form} />}
          </div>
        ))}
        {topics.length > 0 && (
          <datalist id={`${form.formId}-topics`} data-testid="topic-suggestions">
            {topics.map((topic) => (
              <option key={topic} value={topic} />
            ))}
          </datalist>
        )}
      </fieldset>
      <button type="submit" className="button tool-form__submit" disabled={running} data-testid="tool-submit">
        {running ? t('generation.form.running') : t('generation.form.submit')}
      </button>
    </form>
  );
}

/** The sources the text draws on, picked from the library. */
function SourcesField({ form }: { form: ToolFormFields }) {
  const { t } = useTranslation();
  const optional = form.slug === 'freestyle' || form.slug === 'find-topic';
  return (
    <div className="field tool-form__field tool-form__sources">
      <span className="tool-form__sources-label" id={`${form.formId}-sources-label`}>
        {t(optional ? 'generation.form.optionalSources' : 'generation.form.sources')}
      </span>
      <SourcePicker selected={form.values.source_ids} onChange={(ids) => form.set('source_ids', ids)} />
      <FieldError form={form} field="source_ids" />
    </div>
  );
}
