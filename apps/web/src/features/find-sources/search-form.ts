import { describeIssues, type RatingLevel, SearchRequest } from '@quire/contracts';
import type { Translate } from '../../i18n/translate';

export type SearchSort = SearchRequest['sort'];

/** The form as typed: text fields keep what the user wrote, so a half-typed year is not lost. */
export type SearchFormValues = {
  query: string;
  subject: string;
  interests: string;
  yearFrom: string;
  yearTo: string;
  openAccess: boolean;
  /** '' for any rating. */
  minRating: RatingLevel | '';
  sort: SearchSort;
};

export const EMPTY_SEARCH_FORM: SearchFormValues = {
  query: '',
  subject: '',
  interests: '',
  yearFrom: '',
  yearTo: '',
  openAccess: false,
  minRating: '',
  sort: 'relevance',
};

/** The fields that can be wrong, named as in the request. */
export type SearchField = 'query' | 'subject' | 'interests' | 'year_from' | 'year_to';
export type SearchFieldErrors = Partial<Record<SearchField, string>>;

export type SearchFormCheck = { ok: true; request: SearchRequest } | { ok: false; errors: SearchFieldErrors };

/** The label key of each field, for its input and for the messages that name it. */
export const FIELD_LABELS: Record<SearchField, string> = {
  query: 'findSources.form.query',
  subject: 'findSources.form.subject',
  interests: 'findSources.form.interests',
  year_from: 'findSources.form.yearFrom',
  year_to: 'findSources.form.yearTo',
};

/**
 * Checks the form with the contracts' `SearchRequest` (the server checks the same): the request to send, or
 * one translated message per field that is wrong (spec §5 wording). Empty optional fields are left out.
 */
export function checkSearchForm(values: SearchFormValues, t: Translate): SearchFormCheck {
  const parsed = SearchRequest.safeParse({
    query: values.query,
    subject: values.subject.trim() || undefined,
    interests: values.interests.trim() || undefined,
    year_from: values.yearFrom.trim() || undefined,
    year_to: values.yearTo.trim() || undefined,
    open_access: values.openAccess ? 'true' : undefined,
    min_rating: values.minRating || undefined,
    sort: values.sort,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: SearchFieldErrors = {};
  for (const issue of describeIssues(parsed.error)) {
    const field = issue.path as SearchField;
    if (!(field in FIELD_LABELS) || errors[field]) continue;
    const label = t(FIELD_LABELS[field]);
    if (field === 'query' && !values.query.trim()) {
      errors.query = t('validation:required', { field: label });
    } else if (field === 'year_to' && issue.key === 'invalid') {
      // The schema's own refinement: the range is the wrong way round.
      errors.year_to = t('findSources.form.yearOrder');
    } else {
      // A year that is no number reaches zod's coercion as nothing at all: it was typed, so it is malformed.
      const key = issue.key === 'required' && typed(values, field) ? 'invalidType' : issue.key;
      errors[field] = t(`validation:${key}`, { field: label, ...issue.params });
    }
  }
  return { ok: false, errors };
}

function typed(values: SearchFormValues, field: SearchField): boolean {
  const text = {
    query: values.query,
    subject: values.subject,
    interests: values.interests,
    year_from: values.yearFrom,
    year_to: values.yearTo,
  }[field];
  return text.trim().length > 0;
}

/** The query string of GET /gen/papers for a checked request: only what is set, flags as "true". */
export function searchParams(request: SearchRequest): Record<string, string> {
  const params: Record<string, string> = { query: request.query };
  if (request.subject) params.subject = request.subject;
  if (request.interests) params.interests = request.interests;
  if (request.year_from !== undefined) params.year_from = String(request.year_from);
  if (request.year_to !== undefined) params.year_to = String(request.year_to);
  if (request.open_access) params.open_access = 'true';
  if (request.min_rating) params.min_rating = request.min_rating;
  params.sort = request.sort;
  return params;
}
