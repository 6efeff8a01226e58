import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { ensureLocale, translate } from '../../i18n/i18n';
import { catalogueSummary, formatAuthors, paperFacts, searchFailure } from './paper-labels';
import { attachmentName } from './search.api';

beforeAll(() => ensureLocale('en', 'full'));

describe('authors', () => {
  it('lists up to three names and adds "et al." after three', () => {
    expect(formatAuthors(translate, ['A. Ant'])).toBe('A. Ant');
    expect(formatAuthors(translate, ['A', 'B', 'C'])).toBe('A, B, C');
    expect(formatAuthors(translate, ['A', 'B', 'C', 'D'])).toBe('A, B, C et al.');
  });

  it('falls back to the unknown author when there is no name', () => {
    expect(formatAuthors(translate, [])).toBe('Unknown author');
    expect(formatAuthors(translate, ['  ', ''])).toBe('Unknown author');
  });
});

describe('facts and catalogues', () => {
  it('shows year and venue as far as they are known', () => {
    expect(paperFacts({ year: 2020, venue: 'Nature' })).toEqual(['2020', 'Nature']);
    expect(paperFacts({ year: null, venue: ' ' })).toEqual([]);
  });

  it('says how each catalogue fared', () => {
    expect(
      catalogueSummary(translate, [
        { catalogue: 'openalex', status: 'ok', count: 12 },
        { catalogue: 'crossref', status: 'failed', count: 0 },
        { catalogue: 'arxiv', status: 'timeout', count: 0 },
        { catalogue: 'semanticscholar', status: 'rate_limited', count: 0 },
      ]),
    ).toBe('OpenAlex: 12 found · Crossref: failed · arXiv: timed out · Semantic Scholar: too many requests');
    expect(catalogueSummary(translate, [])).toBe('');
  });
});

describe('search failures', () => {
  it('explains too few sources, unreachable catalogues and no answer with a next step', () => {
    const few = new ApiError({ code: 'no_snippets_found_error', status: 422, message: 'server text' });
    expect(searchFailure(translate, few)).toEqual({
      message: 'Not enough sources found. Please retry with other inputs.',
      hint: 'Try broader words or remove some filters.',
    });
    const offline = new ApiError({ code: 'request_failed', status: 0, message: 'x' });
    expect(searchFailure(translate, offline).hint).toBe('Check your internet connection and try again.');
  });

  it("passes any other failure on in the server's words", () => {
    const other = new ApiError({ code: 'subscription_required', status: 402, message: 'You need a subscription.' });
    expect(searchFailure(translate, other)).toEqual({ message: 'You need a subscription.', hint: null });
  });

  it('logs what is not an answer of the server', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(searchFailure(translate, new TypeError('bug')).message).toBe(
      "Something didn't work. Please try again later.",
    );
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('the name of an exported file', () => {
  it('reads either form of Content-Disposition', () => {
    expect(attachmentName('attachment; filename="papers.bib"')).toBe('papers.bib');
    expect(attachmentName('attachment; filename=papers.ris')).toBe('papers.ris');
    expect(attachmentName('attachment; filename="x.bib"; filename*=UTF-8\'\'Qu%C3%A9bec.bib')).toBe('Québec.bib');
    expect(attachmentName('attachment')).toBeNull();
    expect(attachmentName(null)).toBeNull();
  });
});
