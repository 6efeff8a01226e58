import type { RatingLevel } from '@quire/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { FIELD_LABELS, type SearchField, type SearchSort } from './search-form';
import type { SearchFormState } from './use-search-form';

const MIN_RATINGS: readonly (RatingLevel | '')[] = ['', 'normal', 'high'];
const SORTS: readonly SearchSort[] = ['relevance', 'year'];

/** What is wrong with a field, if anything. */
export function SearchFieldError({ form, field }: { form: SearchFormState; field: SearchField }) {
  if (!form.errors[field]) return null;
  return (
    <p id={`${form.fieldId(field)}-error`} className="field__error" data-testid={`search-error-${field}`}>
      {form.errors[field]}
    </p>
  );
}

/** The optional study subject or interests, which give the query its context. */
export function ContextField({
  form,
  field,
  max,
}: {
  form: SearchFormState;
  field: 'subject' | 'interests';
  max: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="field search-form__field">
      <label htmlFor={form.fieldId(field)}>
        {t(FIELD_LABELS[field])} <span className="muted search-form__optional">({t('findSources.form.optional')})</span>
      </label>
      <input
        id={form.fieldId(field)}
        type="text"
        value={form.values[field]}
        maxLength={max}
        onChange={(event) => form.set(field, event.target.value)}
        aria-invalid={form.errors[field] ? true : undefined}
        aria-describedby={form.described(field, `${form.id}-context-hint`)}
        data-testid={`search-${field}`}
      />
      <SearchFieldError form={form} field={field} />
    </div>
  );
}

function YearField({ form, field }: { form: SearchFormState; field: 'year_from' | 'year_to' }) {
  const { t } = useTranslation();
  const key = field === 'year_from' ? 'yearFrom' : 'yearTo';
  return (
    <div className="field search-form__field">
      <label htmlFor={form.fieldId(field)}>{t(FIELD_LABELS[field])}</label>
      <input
        id={form.fieldId(field)}
        type="number"
        inputMode="numeric"
        min={1000}
        max={3000}
        step={1}
        value={form.values[key]}
        onChange={(event) => form.set(key, event.target.value)}
        aria-invalid={form.errors[field] ? true : undefined}
        aria-describedby={form.described(field)}
        data-testid={`search-${field}`}
      />
      <SearchFieldError form={form} field={field} />
    </div>
  );
}

/** The filters (years, open access, minimum rating) and the order; on a phone, folded away behind a button. */
export function SearchFilters({ form }: { form: SearchFormState }) {
  const { t } = useTranslation();
  const { id, values, set } = form;
  return (
    <fieldset id={`${id}-filters`} className="search-form__filters" hidden={!form.showFilters}>
      <legend className={form.mobile ? 'visually-hidden' : undefined}>{t('findSources.form.filters')}</legend>
      <div className="search-form__years">
        <YearField form={form} field="year_from" />
        <YearField form={form} field="year_to" />
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
  );
}
