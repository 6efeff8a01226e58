import { MOBILE_MEDIA_QUERY, type RatingLevel, SEARCH_QUERY_MAX, type SearchRequest } from '@quire/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useMediaQuery } from '../../lib/use-media-query';
import {
  checkSearchForm,
  EMPTY_SEARCH_FORM,
  FIELD_LABELS,
  type SearchField,
  type SearchFieldErrors,
  type SearchFormValues,
  type SearchSort,
} from './search-form';

const MIN_RATINGS: readonly (RatingLevel | '')[] = ['', 'normal', 'high'];
const SORTS: readonly SearchSort[] = ['relevance', 'year'];
const FIELD_ORDER: readonly SearchField[] = ['query', 'subject', 'interests', 'year_from', 'year_to'];

type Props = {
  searching: boolean;
  onSearch: (request: SearchRequest) => void;
};

/**
 * The search: a topic or question, optionally the study subject and interests, then filters (years, open
 * access, minimum rating) and the order. Checked with the contracts' schema before anything is sent; the
 * first field that is wrong gets the focus. On a phone the filters fold away behind a button.
 */
export function SearchForm({ searching, onSearch }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [values, setValues] = useState<SearchFormValues>(EMPTY_SEARCH_FORM);
  const [errors, setErrors] = useState<SearchFieldErrors>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const showFilters = !mobile || filtersOpen;

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

  const error = (field: SearchField) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className="field__error" data-testid={`search-error-${field}`}>
        {errors[field]}
      </p>
    ) : null;

  const textField = (field: 'subject' | 'interests', key: 'subject' | 'interests', max: number) => (
    <div className="field search-form__field">
      <label htmlFor={fieldId(field)}>
        {t(FIELD_LABELS[field])} <span className="muted search-form__optional">({t('findSources.form.optional')})</span>
      </label>
      <input
        id={fieldId(field)}
        type="text"
        value={values[key]}
        maxLength={max}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field, `${id}-context-hint`)}
        data-testid={`search-${field}`}
      />
      {error(field)}
    </div>
  );

  return (
    <form
      className="search-form"
      onSubmit={submit}
      noValidate
      aria-busy={searching}
      aria-label={t('findSources.form.label')}
      data-testid="search-form"
    >
      <div className="field search-form__field">
        <label htmlFor={fieldId('query')}>{t(FIELD_LABELS.query)}</label>
        <input
          id={fieldId('query')}
          type="search"
          enterKeyHint="search"
          value={values.query}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t('findSources.form.queryPlaceholder')}
          required
          onChange={(event) => set('query', event.target.value)}
          aria-invalid={errors.query ? true : undefined}
          aria-describedby={described('query')}
          data-testid="search-query"
        />
        {error('query')}
      </div>
      {textField('subject', 'subject', 200)}
      {textField('interests', 'interests', 300)}
      <p id={`${id}-context-hint`} className="muted search-form__hint">
        {t('findSources.form.contextHint')}
      </p>

      {mobile && (
        <button
          type="button"
          className="button button--secondary button--small search-form__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={`${id}-filters`}
          onClick={() => setFiltersOpen((open) => !open)}
          data-testid="search-filters-toggle"
        >
          {t('findSources.form.filters')}
        </button>
      )}
      <fieldset id={`${id}-filters`} className="search-form__filters" hidden={!showFilters}>
        <legend className={mobile ? 'visually-hidden' : undefined}>{t('findSources.form.filters')}</legend>
        <div className="search-form__years">
          {(['year_from', 'year_to'] as const).map((field) => {
            const key = field === 'year_from' ? 'yearFrom' : 'yearTo';
            return (
              <div key={field} className="field search-form__field">
                <label htmlFor={fieldId(field)}>{t(FIELD_LABELS[field])}</label>
                <input
                  id={fieldId(field)}
                  type="number"
                  inputMode="numeric"
                  min={1000}
                  max={3000}
                  step={1}
                  value={values[key]}
                  onChange={(event) => set(key, event.target.value)}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={described(field)}
                  data-testid={`search-${field}`}
                />
                {error(field)}
              </div>
            );
          })}
        </div>
        <label className="search-form__check">
          <input
            type="checkbox"
            checked={values.openAccess}
            onChange={(event) => set('openAccess', event.target.checked)}
            data-testid="search-open-access"
          />
          {t('findSources.form.openAccess')}
        </label>
        <div className="search-form__selects">
          <div className="field search-form__field">
            <label htmlFor={`${id}-rating`}>{t('findSources.form.minRating')}</label>
            <select
              id={`${id}-rating`}
              value={values.minRating}
              onChange={(event) => set('minRating', event.target.value as RatingLevel | '')}
              data-testid="search-min-rating"
            >
              {MIN_RATINGS.map((level) => (
                <option key={level || 'any'} value={level}>
                  {t(`findSources.form.minRatingOptions.${level || 'any'}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field search-form__field">
            <label htmlFor={`${id}-sort`}>{t('findSources.form.sort')}</label>
            <select
              id={`${id}-sort`}
              value={values.sort}
              onChange={(event) => set('sort', event.target.value as SearchSort)}
              data-testid="search-sort"
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`findSources.form.sortOptions.${sort}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>

      <button type="submit" className="button search-form__submit" disabled={searching} data-testid="search-submit">
        {searching ? t('findSources.form.searching') : t('findSources.form.submit')}
      </button>
    </form>
  );
}
