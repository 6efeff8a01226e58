import { MOBILE_MEDIA_QUERY, type SearchRequest } from '@quire/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useMediaQuery } from '../../lib/use-media-query';
import {
  checkSearchForm,
  EMPTY_SEARCH_FORM,
  type SearchField,
  type SearchFieldErrors,
  type SearchFormValues,
} from './search-form';

const FIELD_ORDER: readonly SearchField[] = ['query', 'subject', 'interests', 'year_from', 'year_to'];

/**
 * The search form's values and errors, whether its filters are folded away (on a phone), and the submit that checks
 * the values with the contracts' schema and moves the focus to the first field that is wrong.
 */
export function useSearchForm(searching: boolean, onSearch: (request: SearchRequest) => void) {
  const { t } = useTranslation();
  const id = useId();
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [values, setValues] = useState<SearchFormValues>(EMPTY_SEARCH_FORM);
  const [errors, setErrors] = useState<SearchFieldErrors>({});
  const [filtersOpen, setFiltersOpen] = useState(false);

  const set = <K extends keyof SearchFormValues>(key: K, value: SearchFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const fieldId = (field: SearchField) => `${id}-${field}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (searching) return;
    const check = checkSearchForm(values, t);
    if (!check.ok) {
      setErrors(check.errors);
      const first = FIELD_ORDER.find((field) => check.errors[field]);
      if (first === 'year_from' || first === 'year_to') setFiltersOpen(true);
      // After the filters have unfolded, so that a year field can take the focus.
      requestAnimationFrame(() => {
        if (first) document.getElementById(fieldId(first))?.focus();
      });
      return;
    }
    setErrors({});
    onSearch(check.request);
  }

  const described = (field: SearchField, hint?: string) =>
    [hint, errors[field] ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return {
    id,
    mobile,
    values,
    errors,
    filtersOpen,
    showFilters: !mobile || filtersOpen,
    toggleFilters: () => setFiltersOpen((open) => !open),
    set,
    fieldId,
    described,
    submit,
  };
}

export type SearchFormState = ReturnType<typeof useSearchForm>;
