import { SEARCH_QUERY_MAX, type SearchRequest } from '@quire/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { ContextField, SearchFieldError, SearchFilters } from './SearchFields';
import { FIELD_LABELS } from './search-form';
import { useSearchForm } from './use-search-form';

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
  const form = useSearchForm(searching, onSearch);

  return (
    <form
      className="search-form"
      onSubmit={form.submit}
      noValidate
      aria-busy={searching}
      aria-label={t('findSources.form.label')}
      data-testid="search-form"
    >
      <div className="field search-form__field">
        <label htmlFor={form.fieldId('query')}>{t(FIELD_LABELS.query)}</label>
        <input
          id={form.fieldId('query')}
          type="search"
          enterKeyHint="search"
          value={form.values.query}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={t('findSources.form.queryPlaceholder')}
          required
          onChange={(event) => form.set('query', event.target.value)}
          aria-invalid={form.errors.query ? true : undefined}
          aria-describedby={form.described('query')}
          data-testid="search-query"
        />
        <SearchFieldError form={form} field="query" />
      </div>
      <ContextField form={form} field="subject" max={200} />
      <ContextField form={form} field="interests" max={300} />
      <p id={`${form.id}-context-hint`} className="muted search-form__hint">
        {t('findSources.form.contextHint')}
      </p>

      {form.mobile && (
        <button
          type="button"
          className="button button--secondary button--small search-form__filters-toggle"
          aria-expanded={form.filtersOpen}
          aria-controls={`${form.id}-filters`}
          onClick={form.toggleFilters}
          data-testid="search-filters-toggle"
        >
          {t('findSources.form.filters')}
        </button>
      )}
      <SearchFilters form={form} />

      <button type="submit" className="button search-form__submit" disabled={searching} data-testid="search-submit">
        {searching ? t('findSources.form.searching') : t('findSources.form.submit')}
      </button>
    </form>
  );
}
