import { describe, expect, it } from 'vitest';
import {
  authorsF1,
  evaluateHeaders,
  formatHeaderAccuracy,
  type HeaderTruth,
  loadHeaderTruth,
  normaliseText,
  sameAuthor,
  scoreHeader,
} from './header-accuracy';
import { TUNING_PAPERS } from './tuning-papers';

describe('header accuracy measures', () => {
  it('normalises case, spacing, punctuation and composition', () => {
    expect(normaliseText('GLOW:  A Toolkit — for Lighting')).toBe('glow a toolkit for lighting');
    expect(normaliseText('Re\u0301sume\u0301s')).toBe(normaliseText('Résumés'));
  });

  it('matches a name in full or by surname and first initial', () => {
    expect(sameAuthor('J. Brook', 'Jonas Brook')).toBe(true);
    expect(sameAuthor('INÉS ROJO-GÓMEZ', 'Inés Rojo-Gómez')).toBe(true);
    expect(sameAuthor('Anke van Houten', 'Anke J. P. van Houten')).toBe(true);
    expect(sameAuthor('Pia Brook', 'Jonas Brook')).toBe(false);
  });

  it('computes F1 over author lists', () => {
    expect(authorsF1(['A. Smith', 'B. Jones'], ['Anna Smith', 'Bob Jones'])).toBe(1);
    expect(authorsF1(['A. Smith', 'Dept Physics'], ['Anna Smith', 'Bob Jones'])).toBe(0.5);
    expect(authorsF1([], ['Anna Smith'])).toBe(0);
    expect(authorsF1([], [])).toBe(1);
  });

  it('scores a wrong header as wrong', () => {
    const truth: HeaderTruth = {
      dir: 'x',
      file: 'a.pdf',
      title: 'A Title',
      authors: ['Ann Lee'],
      year: 2001,
      doi: null,
    };
    expect(scoreHeader(truth, { title: 'Journal of Things', authors: [], year: 2002 })).toMatchObject({
      titleMatch: false,
      authorsF1: 0,
      yearMatch: false,
    });
    expect(scoreHeader({ ...truth, year: null }, { title: 'a title.', authors: ['A. Lee'], year: 1999 })).toMatchObject(
      {
        titleMatch: true,
        authorsF1: 1,
        yearMatch: null,
      },
    );
  });
});

describe('evaluateHeaders on the tuning set', () => {
  it('reads every tuning paper’s header right', async () => {
    const truths = TUNING_PAPERS.map((paper) => ({ dir: 'tuning', file: paper.name, ...paper.truth }));
    const accuracy = await evaluateHeaders(truths, async (truth) => {
      const paper = TUNING_PAPERS.find((candidate) => candidate.name === truth.file);
      return paper?.pages ?? [];
    });
    expect(accuracy.papers.filter((paper) => !paper.titleMatch || paper.authorsF1 < 1)).toEqual([]);
    expect(accuracy).toMatchObject({ titleAccuracy: 1, authorsF1: 1, yearAccuracy: 1 });
    expect(accuracy.heldOut).toEqual({ titleAccuracy: 1, authorsF1: 1, yearAccuracy: 1, count: TUNING_PAPERS.length });
  });
});

describe('loadHeaderTruth', () => {
  it('lists each corpus paper once, with a title, authors and a plausible year', () => {
    const truths = loadHeaderTruth();
    expect(truths).toHaveLength(20);
    expect(new Set(truths.map((truth) => truth.file)).size).toBe(20);
    for (const truth of truths) {
      expect(['pdfs', 'pdfs-more']).toContain(truth.dir);
      expect(truth.title.length).toBeGreaterThan(10);
      expect(truth.authors.length).toBeGreaterThan(0);
      if (truth.year !== null) expect(truth.year).toBeGreaterThan(1900);
    }
  });
});

describe('formatHeaderAccuracy', () => {
  it('gives the figures and each paper’s misses', () => {
    const truth: HeaderTruth = {
      dir: 'x',
      file: 'a.pdf',
      title: 'A Title',
      authors: ['Ann Lee'],
      year: 2001,
      doi: null,
    };
    const good = scoreHeader({ ...truth, file: 'b.pdf' }, { title: 'A Title', authors: ['Ann Lee'], year: 2001 });
    const bad = scoreHeader(truth, { title: 'Journal', authors: [], year: 2002 });
    const tuned = { ...bad, tunedOn: true };
    const figures = { titleAccuracy: 0.5, authorsF1: 0.5, yearAccuracy: 0.5 };
    const text = formatHeaderAccuracy({
      papers: [good, tuned],
      ...figures,
      heldOut: { titleAccuracy: 1, authorsF1: 1, yearAccuracy: 1, count: 1 },
    });
    expect(text).toBe(
      [
        'all: titles exact 50.0 % · authors F1 0.500 · years 50.0 % (2 papers)',
        'held out: titles exact 100.0 % · authors F1 1.000 · years 100.0 % (1 papers)',
        '  a.pdf (tuned on): title "Journal"; authors F1 0.00 []; year 2002',
      ].join('\n'),
    );
  });
});
