import { CITATION_STYLES, Length, LOCALE_INFO, LOCALES, OutlineMode, SourceMode, SummaryType } from '@quire/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { SourceSelect } from './SourceSelect';
import type { ToolField, ToolFormValues } from './tool-form';
import type { ToolFormFields } from './use-tool-form-fields';

const TEXT_LIMITS: Partial<Record<ToolField, number>> = {
  topic: 300,
  headline: 300,
  study_subject: 200,
  study_program: 200,
  interests: 500,
  user_instruction: 1_000,
  outline: 5_000,
};

/** Paragraphs per length (spec §9), shown with the length. */
const PARAGRAPHS: Record<Length, number> = { short: 4, normal: 6, long: 8 };

type TextField = 'topic' | 'headline' | 'study_subject' | 'study_program' | 'interests' | 'prompt';
type TextAreaField = 'outline' | 'prompt' | 'text' | 'user_instruction';
type SelectField = 'language' | 'length' | 'citation_style' | 'summary_type';
type ChoiceField = 'source_type' | 'outline_mode';

/** What is wrong with a field, if anything. */
export function FieldError({ form, field }: { form: ToolFormFields; field: ToolField }) {
  if (!form.errors[field]) return null;
  return (
    <p id={`${form.fieldId(field)}-error`} className="field__error" data-testid={`field-error-${field}`}>
      {form.errors[field]}
    </p>
  );
}

/** A field's label, hint, control and error. */
function FieldFrame({
  form,
  field,
  hint,
  children,
}: {
  form: ToolFormFields;
  field: ToolField;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field tool-form__field">
      <label htmlFor={form.fieldId(field)}>{form.label(field)}</label>
      {hint && (
        <p id={`${form.fieldId(field)}-hint`} className="muted tool-form__hint">
          {hint}
        </p>
      )}
      {children}
      <FieldError form={form} field={field} />
    </div>
  );
}

function TextInput({ form, field, topics }: { form: ToolFormFields; field: TextField; topics: readonly string[] }) {
  return (
    <FieldFrame form={form} field={field}>
      <input
        {...form.inputProps(field)}
        type="text"
        value={form.values[field]}
        maxLength={TEXT_LIMITS[field] ?? 1_000}
        list={field === 'topic' && topics.length > 0 ? `${form.formId}-topics` : undefined}
        autoComplete={field === 'topic' ? 'off' : undefined}
        onChange={(event) => form.set(field, event.target.value)}
      />
    </FieldFrame>
  );
}

function TextArea({
  form,
  field,
  rows,
  hint,
}: {
  form: ToolFormFields;
  field: TextAreaField;
  rows: number;
  hint?: string;
}) {
  return (
    <FieldFrame form={form} field={field} hint={hint}>
      <textarea
        {...form.inputProps(field, Boolean(hint))}
        rows={rows}
        value={form.values[field]}
        maxLength={TEXT_LIMITS[field]}
        onChange={(event) => form.set(field, event.target.value)}
      />
    </FieldFrame>
  );
}

type SelectProps<K extends SelectField> = {
  form: ToolFormFields;
  field: K;
  options: readonly ToolFormValues[K][];
  optionLabel: (option: ToolFormValues[K]) => string;
  hint?: string;
};

function Select<K extends SelectField>({ form, field, options, optionLabel, hint }: SelectProps<K>) {
  return (
    <FieldFrame form={form} field={field} hint={hint}>
      <select
        {...form.inputProps(field, Boolean(hint))}
        value={form.values[field]}
        onChange={(event) => form.set(field, event.target.value as ToolFormValues[K])}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

function Choices<K extends ChoiceField>({
  form,
  field,
  options,
}: {
  form: ToolFormFields;
  field: K;
  options: readonly ToolFormValues[K][];
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="tool-form__choices" aria-describedby={form.describedBy(field)}>
      <legend>{form.label(field)}</legend>
      {options.map((option) => (
        <label key={option} className="tool-form__choice">
          <input
            type="radio"
            name={form.fieldId(field)}
            value={option}
            checked={form.values[field] === option}
            onChange={() => form.set(field, option)}
            data-testid={`field-${field}-${option}`}
          />
          <span>
            {t(`generation.options.${field}.${option}`)}
            <span className="muted tool-form__choice-hint"> {t(`generation.options.${field}.${option}Hint`)}</span>
          </span>
        </label>
      ))}
      <FieldError form={form} field={field} />
    </fieldset>
  );
}

/** The control of one field of a tool's inputs, as that field's kind asks. */
export function ToolFieldControl({
  form,
  field,
  topics,
}: {
  form: ToolFormFields;
  field: ToolField;
  topics: readonly string[];
}) {
  const { t } = useTranslation();
  switch (field) {
    case 'topic':
    case 'headline':
    case 'study_subject':
    case 'study_program':
    case 'interests':
      return <TextInput form={form} field={field} topics={topics} />;
    case 'prompt':
      return form.slug === 'freestyle' ? (
        <TextArea form={form} field="prompt" rows={6} />
      ) : (
        <TextInput form={form} field="prompt" topics={topics} />
      );
    case 'outline':
      return <TextArea form={form} field="outline" rows={6} hint={t('generation.form.outlineHint')} />;
    case 'text':
      return <TextArea form={form} field="text" rows={10} />;
    case 'user_instruction':
      return <TextArea form={form} field="user_instruction" rows={3} hint={t('generation.form.instructionHint')} />;
    case 'language':
      return (
        <Select
          form={form}
          field="language"
          options={LOCALES}
          optionLabel={(code) => LOCALE_INFO[code].title}
          hint={t('generation.form.languageHint')}
        />
      );
    case 'length':
      return (
        <Select
          form={form}
          field="length"
          options={Length.options}
          optionLabel={(length) => t(`generation.options.length.${length}`, { paragraphs: PARAGRAPHS[length] })}
        />
      );
    case 'citation_style':
      return (
        <Select
          form={form}
          field="citation_style"
          options={CITATION_STYLES}
          optionLabel={(style) => t(`generation.options.citation_style.${style}`)}
        />
      );
    case 'summary_type':
      return (
        <Select
          form={form}
          field="summary_type"
          options={SummaryType.options}
          optionLabel={(type) => t(`generation.options.summary_type.${type}`)}
        />
      );
    case 'source_type':
      return <Choices form={form} field="source_type" options={SourceMode.options} />;
    case 'outline_mode':
      return <Choices form={form} field="outline_mode" options={OutlineMode.options} />;
    case 'source_ids':
      return null;
    case 'source_id':
      return (
        <SourceSelect
          {...form.inputProps('source_id')}
          label={form.label('source_id')}
          value={form.values.source_id}
          onChange={(value) => form.set('source_id', value)}
          error={<FieldError form={form} field="source_id" />}
        />
      );
  }
}
