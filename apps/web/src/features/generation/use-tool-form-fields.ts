import type { GenerationSlug } from '@quire/contracts';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { fieldLabelKey, type ToolField, type ToolFieldErrors, type ToolFormValues } from './tool-form';

/** The attributes that tie a control to its label, hint and error. */
export type ToolInputProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'data-testid': string;
};

/** What every field of a tool form needs: its values, errors, ids, label and a way to change it. */
export type ToolFormFields = {
  slug: GenerationSlug;
  values: ToolFormValues;
  errors: ToolFieldErrors;
  /** The form's own id, prefix of every field's id. */
  formId: string;
  fieldId: (field: ToolField) => string;
  label: (field: ToolField) => string;
  describedBy: (field: ToolField, hint?: boolean) => string | undefined;
  inputProps: (field: ToolField, hint?: boolean) => ToolInputProps;
  set: <K extends ToolField>(field: K, value: ToolFormValues[K]) => void;
};

export function useToolFormFields(
  slug: GenerationSlug,
  values: ToolFormValues,
  errors: ToolFieldErrors,
  onChange: (values: ToolFormValues) => void,
): ToolFormFields {
  const { t } = useTranslation();
  const formId = useId();
  const fieldId = (field: ToolField) => `${formId}-${field}`;
  const describedBy = (field: ToolField, hint = false) =>
    [hint ? `${fieldId(field)}-hint` : '', errors[field] ? `${fieldId(field)}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  return {
    slug,
    values,
    errors,
    formId,
    fieldId,
    label: (field) => t(fieldLabelKey(slug, field)),
    describedBy,
    inputProps: (field, hint = false) => ({
      id: fieldId(field),
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': describedBy(field, hint),
      'data-testid': `field-${field}`,
    }),
    set: (field, value) => onChange({ ...values, [field]: value }),
  };
}
