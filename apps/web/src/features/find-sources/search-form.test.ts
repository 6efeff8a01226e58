import { SearchRequest } from '@quire/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLocale, translate } from '../../i18n/i18n';
import { checkSearchForm, EMPTY_SEARCH_FORM, type SearchFormValues, searchParams } from './search-form';

const form = (values: Partial<SearchFormValues>): SearchFormValues => ({ ...EMPTY_SEARCH_FORM, ...values });
const query = (request: SearchRequest) => new URLSearchParams(searchParams(request)).toString();

beforeAll(() => ensureLocale('en', 'full'));

describe('checking the search form with SearchRequest', () => {
  it('turns a filled-in form into the request, leaving out what is empty', () => {
    const check = checkSearchForm(
      form({
        query: '  soil erosion ',
        subject: ' Agronomy ',
        interests: '',
        yearFrom: '2010',
        yearTo: ' 2020 ',
        openAccess: true,
        minRating: 'normal',
        sort: 'year',
      }),
      translate,
    );
    expect(check).toEqual({
      ok: true,
      request: {
        query: 'soil erosion',
        subject: 'Agronomy',
        year_from: 2010,
        year_to: 2020,
        open_access: true,
        min_rating: 'normal',
        sort: 'year',
      },
    });
  });

  it('says the query is required when it is empty or blank, and too short under two characters', () => {
    expect(checkSearchForm(form({ query: '   ' }), translate)).toEqual({
      ok: false,
      errors: { query: 'Topic or question is required' },
    });
    expect(checkSearchForm(form({ query: 'a' }), translate)).toEqual({
      ok: false,
      errors: { query: 'Topic or question must be at least 2 characters long' },
    });
  });

  it('names each field that is wrong with the spec §5 messages', () => {
    const check = checkSearchForm(
      form({ query: 'x'.repeat(301), subject: 's'.repeat(201), yearFrom: '999', yearTo: 'soon' }),
      translate,
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        query: 'Topic or question must not be longer than 300 characters',
        subject: 'Study subject must not be longer than 200 characters',
        year_from: 'Published from must be at least 1000',
        year_to: 'Published until has the wrong format',
      },
    });
  });

  it('refuses a range of years the wrong way round', () => {
    expect(checkSearchForm(form({ query: 'soil', yearFrom: '2020', yearTo: '2010' }), translate)).toEqual({
      ok: false,
      errors: { year_to: '“Published until” must not be before “Published from”.' },
    });
  });
});

describe('the query string of GET /gen/papers', () => {
  it('carries only what is set, the flag as "true", and always the order', () => {
    expect(query(SearchRequest.parse({ query: 'soil erosion' }))).toBe('query=soil+erosion&sort=relevance');
    expect(
      query(
        SearchRequest.parse({
          query: 'soil & water',
          subject: 'Agronomy',
          interests: 'vineyards',
          year_from: 2010,
          year_to: 2020,
          open_access: 'true',
          min_rating: 'high',
          sort: 'year',
        }),
      ),
    ).toBe(
      'query=soil+%26+water&subject=Agronomy&interests=vineyards&year_from=2010&year_to=2020&open_access=true&min_rating=high&sort=year',
    );
  });

  it('leaves open access out when it is off', () => {
    expect(searchParams(SearchRequest.parse({ query: 'soil', open_access: 'false' }))).toEqual({
      query: 'soil',
      sort: 'relevance',
    });
  });

  it('is read back by the server schema as the same request', () => {
    const request = SearchRequest.parse({ query: 'soil', year_from: 1999, open_access: 'true', min_rating: 'low' });
    expect(SearchRequest.parse(searchParams(request))).toEqual(request);
  });
});
