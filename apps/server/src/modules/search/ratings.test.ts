import { describe, expect, it } from 'vitest';
import { mergeRecords } from './merge';
import { emptyRecord, type PaperRecord, paperIdOf } from './paper-record';
import { type IndexedTerms, meetsMinimum, rateQuality, rateRelevance, rateTrust, relevanceScores } from './ratings';

const paper = (changes: Partial<PaperRecord>): PaperRecord => ({ ...emptyRecord('crossref', 'A paper'), ...changes });

describe('relevance', () => {
  // Three papers, stemmed terms with title words counted twice; lengths in words.
  const papers: IndexedTerms[] = [
    { terms: { soil: 4, erosion: 4, rainfall: 1 }, length: 20 },
    { terms: { soil: 1, crop: 3 }, length: 20 },
    { terms: { policy: 2, farmer: 1 }, length: 20 },
  ];

  it('scores by BM25 over the result set and rates against the best paper', () => {
    const scores = relevanceScores([{ lexemes: ['soil', 'erosion'], weight: 1 }], papers);
    expect(scores.map((score) => score.matched)).toEqual([2, 1, 0]);
    expect(scores[2]?.score).toBe(0);
    // idf(soil) = ln(1 + 1.5/2.5) ≈ 0.47, idf(erosion) = ln(1 + 2.5/1.5) ≈ 0.98: the rare term counts more.
    expect(scores[0]?.score).toBeCloseTo(0.47 * ((4 * 2.2) / (4 + 1.2)) + 0.98 * ((4 * 2.2) / (4 + 1.2)), 1);
    const best = scores[0]?.score ?? 0;
    expect(rateRelevance(scores[0] as never, best)).toEqual({
      level: 'high',
      reason: 'rating.relevance.high',
      params: { matched: 2, total: 2 },
    });
    // Half the terms, a fifth of the best score: still normal thanks to its coverage.
    expect(rateRelevance(scores[1] as never, best).level).toBe('normal');
    expect(rateRelevance(scores[2] as never, best)).toMatchObject({ level: 'low', params: { matched: 0, total: 2 } });
  });

  it('lets the study subject lift a paper, less than the query does', () => {
    const withSubject = relevanceScores(
      [
        { lexemes: ['soil'], weight: 1 },
        { lexemes: ['crop'], weight: 0.3 },
      ],
      papers,
    );
    const without = relevanceScores([{ lexemes: ['soil'], weight: 1 }], papers);
    expect(withSubject[1]?.score).toBeGreaterThan(without[1]?.score ?? 0);
    expect(withSubject[1]?.matched).toBe(1);
    expect(withSubject[1]?.total).toBe(1);
  });
});

describe('quality', () => {
  it('uses the field- and year-normalised percentile when OpenAlex has one', () => {
    expect(rateQuality(paper({ citationPercentile: 0.999972, citationCount: 236, year: 2024 }))).toEqual({
      level: 'high',
      reason: 'rating.quality.percentile_high',
      params: { percent: 100 },
    });
    expect(rateQuality(paper({ citationPercentile: 0.492886 })).level).toBe('low');
    expect(rateQuality(paper({ citationPercentile: 0.62 })).level).toBe('normal');
  });

  it('otherwise counts citations per year since publication', () => {
    // 488 citations over 2023–2026 (4 years) = 122 a year.
    expect(rateQuality(paper({ citationCount: 488, year: 2023 }), 2026)).toMatchObject({
      level: 'high',
      params: { perYear: 122 },
    });
    // 7 citations over 2001–2026 (26 years) ≈ 0.3 a year, even in a journal.
    expect(rateQuality(paper({ citationCount: 7, year: 2001, venue: 'Mol Cell Biochem' }), 2026)).toMatchObject({
      level: 'low',
      reason: 'rating.quality.cited_low',
      params: { perYear: 0.3 },
    });
    // 6 a year is normal alone and high in a known venue.
    expect(rateQuality(paper({ citationCount: 30, year: 2022 }), 2026).level).toBe('normal');
    expect(rateQuality(paper({ citationCount: 30, year: 2022, venue: 'Ecology' }), 2026).level).toBe('high');
  });

  it('does not punish a recent paper in a known venue, and says when nothing is known', () => {
    expect(rateQuality(paper({ citationCount: 0, year: 2026, venue: 'Ecology' }), 2026)).toEqual({
      level: 'normal',
      reason: 'rating.quality.recent',
      params: { venue: 'Ecology' },
    });
    expect(rateQuality(paper({ citationCount: 0, year: 2026, venue: 'arXiv', preprint: true }), 2026).level).toBe(
      'low',
    );
    expect(rateQuality(paper({ venue: 'Ecology' }))).toMatchObject({
      level: 'normal',
      reason: 'rating.quality.venue_only',
    });
    expect(rateQuality(paper({}))).toMatchObject({ level: 'low', reason: 'rating.quality.unknown' });
  });
});

describe('trustworthiness', () => {
  it('rates a peer-reviewed article with a DOI high', () => {
    expect(rateTrust(paper({ kind: 'journal-article', doi: '10.1038/x' }))).toMatchObject({
      level: 'high',
      reason: 'rating.trust.peer_reviewed',
    });
  });

  it('rates retractions and preprints low, whatever else they have', () => {
    expect(rateTrust(paper({ kind: 'journal-article', doi: '10.1/x', retracted: true })).reason).toBe(
      'rating.trust.retracted',
    );
    expect(rateTrust(paper({ kind: 'preprint', doi: '10.48550/arxiv.1', preprint: true }))).toMatchObject({
      level: 'low',
      reason: 'rating.trust.preprint',
    });
  });

  it('rates a registered work of another kind normal and an unidentified one low', () => {
    expect(rateTrust(paper({ kind: 'reference-entry', doi: '10.1093/obo/1' })).level).toBe('normal');
    expect(rateTrust(paper({})).level).toBe('low');
  });

  it('keeps only papers none of whose ratings is under the minimum', () => {
    expect(meetsMinimum(['high', 'normal', 'high'], 'normal')).toBe(true);
    expect(meetsMinimum(['high', 'low', 'high'], 'normal')).toBe(false);
    expect(meetsMinimum(['low', 'low', 'low'], undefined)).toBe(true);
  });
});

describe('merging catalogue records', () => {
  it('joins a preprint and its journal version through a record that knows both ids', () => {
    const merged = mergeRecords([
      {
        ...paper({ title: 'Augmenting large language models with chemistry tools', doi: '10.1038/s42256' }),
        catalogues: ['openalex'],
        citationCount: 236,
        abstract: 'Short.',
        kind: 'journal-article',
        year: 2024,
      },
      {
        ...paper({ title: 'ChemCrow: Augmenting large-language models with chemistry tools' }),
        catalogues: ['openalex'],
        doi: '10.48550/arxiv.2304.05376',
        arxivId: '2304.05376',
        preprint: true,
        year: 2023,
        citationCount: 106,
      },
      {
        ...paper({ title: 'Augmenting large language models with chemistry tools' }),
        catalogues: ['semanticscholar'],
        doi: '10.1038/s42256',
        arxivId: '2304.05376',
        citationCount: 488,
        abstract: 'A much longer abstract than the other one.',
        openAccess: true,
        pdfUrl: 'https://example.org/paper.pdf',
      },
      { ...paper({ title: 'Something else entirely different' }), catalogues: ['arxiv'], arxivId: '1605.08386' },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({
      doi: '10.1038/s42256',
      arxivId: '2304.05376',
      year: 2024,
      citationCount: 488,
      abstract: 'A much longer abstract than the other one.',
      openAccess: true,
      pdfUrl: 'https://example.org/paper.pdf',
      preprint: false,
      kind: 'journal-article',
      catalogues: ['openalex', 'semanticscholar'],
    });
    expect(paperIdOf(merged[0] as PaperRecord)).toBe('doi:10.1038/s42256');
    expect(paperIdOf(merged[1] as PaperRecord)).toBe('arxiv:1605.08386');
  });

  it('joins by normalised title, but not by a short generic one', () => {
    const merged = mergeRecords([
      paper({ title: 'Soil Erosion in Central Europe' }),
      { ...paper({ title: 'soil erosion in central europe.' }), catalogues: ['arxiv'] },
      paper({ title: 'Introduction' }),
      paper({ title: 'Introduction' }),
    ]);
    expect(merged).toHaveLength(3);
    expect(merged[0]?.catalogues).toEqual(['crossref', 'arxiv']);
  });
});
