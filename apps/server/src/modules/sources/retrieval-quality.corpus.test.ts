import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema';
import { corpusPdf } from '../../test/corpus';
import { createTestDatabase } from '../../test/test-database';
import {
  EVALUATION_PAPERS,
  isCitedRight,
  measureRetrievalQuality,
  type RetrievalQuality,
} from './retrieval-evaluation';

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let quality: RetrievalQuality;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  const [user] = await database.db.insert(users).values({ email: 'reader@example.org', name: 'Reader' }).returning();
  // Each paper is indexed once, the way source processing does it, and asked all its questions.
  quality = await measureRetrievalQuality(database.db, {
    userId: user?.id ?? '',
    readPdf: (name, folder) => corpusPdf(name, folder),
  });
}, 600_000);
afterAll(() => dispose());

describe('the evaluation set', () => {
  it('asks at least 80 questions written for issue #28, in at least five languages, 15 of them unanswerable', () => {
    const added = EVALUATION_PAPERS.filter((paper) => paper.folder === 'pdfs-more');
    const questions = added.flatMap((paper) => paper.questions);
    const unanswerable = added.flatMap((paper) => paper.unanswerable);
    expect(questions.length + unanswerable.length).toBeGreaterThanOrEqual(80);
    expect(unanswerable.length).toBeGreaterThanOrEqual(15);
    expect(new Set(questions.map((item) => item.language)).size).toBeGreaterThanOrEqual(5);
    for (const kind of ['mixed', 'cross', 'definition', 'number'])
      expect(questions.filter((item) => item.kinds.includes(kind)).length).toBeGreaterThanOrEqual(5);
  });

  it('splits by paper: no paper is in both halves, and each half has questions of every kind', () => {
    const held = new Set(EVALUATION_PAPERS.filter((paper) => paper.split === 'heldout').map((paper) => paper.file));
    const tuning = EVALUATION_PAPERS.filter((paper) => paper.split === 'tuning').map((paper) => paper.file);
    expect(tuning.filter((file) => held.has(file))).toEqual([]);
    expect(quality.heldout.crossLanguage.questions).toBeGreaterThan(0);
    expect(quality.heldout.mixed.questions).toBeGreaterThan(0);
    expect(quality.heldout.unanswerable).toBeGreaterThan(0);
  });
});

/**
 * Floors under what the tuning papers reach now, so a change that makes answers worse fails. Issue #28's goals
 * (90 % cited, 75 % first on the held-out papers) are reported by the bench suite, which reads the held-out half.
 */
const FLOORS = { cited: 0.75, firstPage: 0.6, refused: 0.9 } as const;

describe('retrieval quality on the tuning papers', () => {
  it('cites a passage on the page of the answer for most questions asked in the paper’s language', () => {
    const misses = quality.outcomes
      .filter((outcome) => outcome.split === 'tuning' && !outcome.kinds.includes('cross') && !isCitedRight(outcome))
      .map((outcome) => `${outcome.question} (p. ${outcome.pages.join(', ')}) → ${JSON.stringify(outcome.citedPages)}`);
    expect(quality.tuning.sameLanguage.cited, `missed:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(FLOORS.cited);
  });

  it('puts a passage from the page of the answer first for most questions', () => {
    expect(quality.tuning.sameLanguage.firstPage).toBeGreaterThanOrEqual(FLOORS.firstPage);
  });

  it('cites nothing for questions the paper does not answer', () => {
    expect(quality.tuning.unansweredRightly, quality.wronglyAnswered.join('\n')).toBeGreaterThanOrEqual(FLOORS.refused);
  });
});
