import {
  CITATION_STYLES,
  type GenerationSlug,
  Length,
  LOCALE_INFO,
  LOCALES,
  OutlineMode,
  SourceMode,
  SummaryType,
} from '@quire/contracts';
import { type FormEvent, type ReactNode, useId, useMemo } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { newestFirst, SourcePicker, useSources } from '../sources';
import {
  fieldLabelKey,
  fieldVisible,
  picksSources,
  TOOL_FIELDS,
  type ToolField,
  type ToolFieldErrors,
  type ToolFormValues,
} from './tool-form';

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

/**
 * A writing tool's form: the fields of its inputs schema, each with its label, hint and the message of what is
 * wrong with it. Submitting (a button or Enter in a one-line field) hands over to the page, which checks it.
 */
export function ToolForm({ slug, values, errors, onChange, onSubmit, running, topics }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const fieldId = (field: ToolField) => `${id}-${field}`;
  const set = <K extends ToolField>(field: K, value: ToolFormValues[K]) => onChange({ ...values, [field]: value });
  const label = (field: ToolField) => t(fieldLabelKey(slug, field));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!running) onSubmit();
  }

  const errorOf = (field: ToolField) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className="field__error" data-testid={`field-error-${field}`}>
        {errors[field]}
      </p>
    ) : null;

  const describedBy = (field: ToolField, hint = false) =>
    [hint ? `${fieldId(field)}-hint` : '', errors[field] ? `${fieldId(field)}-error` : ''].filter(Boolean).join(' ') ||
    undefined;

  const inputProps = (field: ToolField, hint = false) => ({
    id: fieldId(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, hint),
    'data-testid': `field-${field}`,
  });

  const wrap = (field: ToolField, control: ReactNode, hint?: string) => (
    <div key={field} className="field tool-form__field">
      <label htmlFor={fieldId(field)}>{label(field)}</label>
      {hint && (
        <p id={`${fieldId(field)}-hint`} className="muted tool-form__hint">
          {hint}
        </p>
      )}
      {control}
      {errorOf(field)}
    </div>
  );

  const textInput = (field: 'topic' | 'headline' | 'study_subject' | 'study_program' | 'interests' | 'prompt') =>
    wrap(
      field,
      <input
        {...inputProps(field)}
        type="text"
        value={values[field]}
        maxLength={TEXT_LIMITS[field] ?? 1_000}
        list={field === 'topic' && topics.length > 0 ? `${id}-topics` : undefined}
        autoComplete={field === 'topic' ? 'off' : undefined}
        onChange={(event) => set(field, event.target.value)}
      />,
    );

  const textArea = (field: 'outline' | 'prompt' | 'text' | 'user_instruction', rows: number, hint?: string) =>
    wrap(
      field,
      <textarea
        {...inputProps(field, Boolean(hint))}
        rows={rows}
        value={values[field]}
        maxLength={TEXT_LIMITS[field]}
        onChange={(event) => set(field, event.target.value)}
      />,
      hint,
    );

  const select = <K extends 'language' | 'length' | 'citation_style' | 'summary_type'>(
    field: K,
    options: readonly ToolFormValues[K][],
    optionLabel: (option: ToolFormValues[K]) => string,
    hint?: string,
  ) =>
    wrap(
      field,
      <select
        {...inputProps(field, Boolean(hint))}
        value={values[field]}
        onChange={(event) => set(field, event.target.value as ToolFormValues[K])}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>,
      hint,
    );

  const radios = <K extends 'source_type' | 'outline_mode'>(field: K, options: readonly ToolFormValues[K][]) => (
    <fieldset key={field} className="tool-form__choices" aria-describedby={describedBy(field)}>
      <legend>{label(field)}</legend>
      {options.map((option) => (
        <label key={option} className="tool-form__choice">
          <input
            type="radio"
            name={fieldId(field)}
            value={option}
            checked={values[field] === option}
            onChange={() => set(field, option)}
            data-testid={`field-${field}-${option}`}
          />
          <span>
            {t(`generation.options.${field}.${option}`)}
            <span className="muted tool-form__choice-hint"> {t(`generation.options.${field}.${option}Hint`)}</span>
          </span>
        </label>
      ))}
      {errorOf(field)}
    </fieldset>
  );

  const render = (field: ToolField): ReactNode => {
    switch (field) {
      case 'topic':
      case 'headline':
      case 'study_subject':
      case 'study_program':
      case 'interests':
        return textInput(field);
      case 'prompt':
        return slug === 'freestyle' ? textArea('prompt', 6) : textInput('prompt');
      case 'outline':
        return textArea('outline', 6, t('generation.form.outlineHint'));
      case 'text':
        return textArea('text', 10);
      case 'user_instruction':
        return textArea('user_instruction', 3, t('generation.form.instructionHint'));
      case 'language':
        return select('language', LOCALES, (code) => LOCALE_INFO[code].title, t('generation.form.languageHint'));
      case 'length':
        return select('length', Length.options, (length) =>
          t(`generation.options.length.${length}`, { paragraphs: PARAGRAPHS[length] }),
        );
      case 'citation_style':
        return select('citation_style', CITATION_STYLES, (style) => t(`generation.options.citation_style.${style}`));
      case 'summary_type':
        return select('summary_type', SummaryType.options, (type) => t(`generation.options.summary_type.${type}`));
      case 'source_type':
        return radios('source_type', SourceMode.options);
      case 'outline_mode':
        return radios('outline_mode', OutlineMode.options);
      case 'source_ids':
        return null;
      case 'source_id':
        return (
          <SourceSelect
            key={field}
            {...inputProps('source_id')}
            label={label('source_id')}
            value={values.source_id}
            onChange={(value) => set('source_id', value)}
            error={errorOf('source_id')}
          />
        );
    }
  };

  const fields = TOOL_FIELDS[slug].filter((field) => fieldVisible(slug, field, values));
  const sourcesAfter: ToolField = fields.includes('source_type') ? 'source_type' : 'language';

  return (
    <form className="tool-form" onSubmit={submit} noValidate aria-busy={running} data-testid="tool-form">
      <fieldset className="tool-form__body" disabled={running}>
        <legend className="visually-hidden">{t('generation.form.label')}</legend>
        {fields.map((field) => (
          <div key={field} className="tool-form__slot">
            {render(field)}
            {field === sourcesAfter && picksSources(slug, values) && (
              <div className="field tool-form__field tool-form__sources">
                <span className="tool-form__sources-label" id={`${id}-sources-label`}>
                  {t(
                    slug === 'freestyle' || slug === 'find-topic'
                      ? 'generation.form.optionalSources'
                      : 'generation.form.sources',
                  )}
                </span>
                <SourcePicker selected={values.source_ids} onChange={(ids) => set('source_ids', ids)} />
                {errorOf('source_ids')}
              </div>
            )}
          </div>
        ))}
        {topics.length > 0 && (
          <datalist id={`${id}-topics`} data-testid="topic-suggestions">
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

type SourceSelectProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'data-testid': string;
};

/** The one source to summarize: any usable document or article of the library. */
function SourceSelect({ label, value, onChange, error, ...props }: SourceSelectProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const library = useSources();
  const sources = useMemo(() => newestFirst(library.sources), [library.sources]);
  return (
    <div className="field tool-form__field">
      <label htmlFor={props.id}>{label}</label>
      {library.status === 'error' ? (
        <p className="field__error" role="alert">
          {library.error}
        </p>
      ) : library.status !== 'ready' ? (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('sources.library.loading')}
        </p>
      ) : sources.length === 0 ? (
        <p className="muted" data-testid="source-select-empty">
          {t('generation.form.noSources')} <Link to={to('sources')}>{t('generation.form.addSources')}</Link>
        </p>
      ) : (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('generation.form.chooseSource')}</option>
          {sources.map((source) => (
            <option key={source.id} value={source.id} disabled={source.state !== 'usable'}>
              {source.name}
            </option>
          ))}
        </select>
      )}
      {error}
    </div>
  );
}
