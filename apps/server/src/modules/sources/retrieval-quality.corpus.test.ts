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

/** ARCHITECTURE §5: the right page among the cited passages for at least 90% of questions. */
const CITED_GOAL = 0.9;

let database: DatabaseHandle;
let dispose: () => Promise<void>;
let quality: RetrievalQuality;

beforeAll(async () => {
  ({ database, dispose } = await createTestDatabase());
  const [user] = await database.db.insert(users).values({ email: 'reader@example.org', name: 'Reader' }).returning();
  // Each paper is indexed once, the way source processing does it, and asked all its questions.
  quality = await measureRetrievalQuality(database.db, { userId: user?.id ?? '', readPdf: (name) => corpusPdf(name) });
}, 180_000);
afterAll(() => dispose());

describe('retrieval quality on real papers', () => {
  it('asks at least 40 questions over papers in English, Spanish and Portuguese', () => {
    expect(quality.questions).toBeGreaterThanOrEqual(40);
    expect(new Set(EVALUATION_PAPERS.map((paper) => paper.language))).toEqual(new Set(['en', 'es', 'pt']));
  });

  it('cites a passage on the page of the answer for at least 90% of questions', () => {
    const misses = quality.outcomes
      .filter((outcome) => !isCitedRight(outcome))
      .map((outcome) => `${outcome.question} (p. ${outcome.pages.join(', ')}) → ${JSON.stringify(outcome.citedPages)}`);
    expect(quality.cited, `missed:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(CITED_GOAL);
  });

  it('puts a passage from the page of the answer first for most questions', () => {
    expect(quality.firstPage).toBeGreaterThanOrEqual(0.7);
  });

  it('cites nothing for questions the paper does not answer', () => {
    expect(quality.wronglyAnswered).toEqual([]);
  });
});
