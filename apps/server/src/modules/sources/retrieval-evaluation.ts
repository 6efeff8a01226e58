import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sources } from '../../db/schema';
import { MIN_COVERAGE } from '../chat/builtin-answer';
import { readAndIndexPdf } from './document-structure';
import evaluationSet from './retrieval-questions.json';
import { retrievePassages } from './sources.retrieval';

export type EvaluationQuestion = { question: string; pages: number[] };
export type EvaluationPaper = {
  file: string;
  language: string;
  questions: EvaluationQuestion[];
  /** Questions the paper does not answer: the built-in answer should cite nothing. */
  unanswerable: string[];
};

/** Questions over the fixture papers, each with the page(s) where the answer is, and some it does not answer. */
export const EVALUATION_PAPERS: readonly EvaluationPaper[] = evaluationSet.papers;

/** One asked question: the pages of the passages the built-in answer would cite, best first. */
export type QuestionOutcome = EvaluationQuestion & { file: string; citedPages: [number, number][] };

export type RetrievalQuality = {
  questions: number;
  /** Share of questions whose first cited passage spans a page of the answer (0–1). */
  firstPage: number;
  /** Share of questions with a page of the answer among the cited passages (0–1). */
  cited: number;
  /** Share of questions for which no passage would be cited at all (0–1). */
  none: number;
  /** Share of the unanswerable questions for which no passage would be cited, as it should be (0–1). */
  unansweredRightly: number;
  outcomes: QuestionOutcome[];
  /** The unanswerable questions that got citations anyway. */
  wronglyAnswered: string[];
};

/**
 * Indexes each paper exactly as source processing does (extract → detect language → chunk → store),
 * asks its questions through `retrievePassages` and counts how often the passages the built-in answer
 * would cite (the top ones with enough coverage) include the page of the answer.
 */
export async function measureRetrievalQuality(
  db: Database,
  { userId, readPdf }: { userId: string; readPdf: (file: string) => Buffer },
): Promise<RetrievalQuality> {
  const outcomes: QuestionOutcome[] = [];
  const wronglyAnswered: string[] = [];
  let unanswerable = 0;
  for (const paper of EVALUATION_PAPERS) {
    const sourceId = await indexPaper(db, userId, paper.file, readPdf(paper.file));
    for (const item of paper.questions) {
      const cited = await citedPassages(db, sourceId, item.question);
      outcomes.push({ ...item, file: paper.file, citedPages: cited.map((p) => [p.pageStart, p.pageEnd]) });
    }
    for (const question of paper.unanswerable) {
      unanswerable++;
      if ((await citedPassages(db, sourceId, question)).length > 0) wronglyAnswered.push(question);
    }
  }
  const share = (count: number) => (outcomes.length === 0 ? 0 : count / outcomes.length);
  return {
    questions: outcomes.length,
    firstPage: share(outcomes.filter((o) => o.citedPages[0] && spansAnswer(o.citedPages[0], o.pages)).length),
    cited: share(outcomes.filter(isCitedRight).length),
    none: share(outcomes.filter((o) => o.citedPages.length === 0).length),
    unansweredRightly: unanswerable === 0 ? 1 : (unanswerable - wronglyAnswered.length) / unanswerable,
    outcomes,
    wronglyAnswered,
  };
}

/** The passages the built-in answer would quote: the retrieved ones that cover enough of the question. */
async function citedPassages(db: Database, sourceId: string, question: string) {
  const passages = await retrievePassages(db, { sourceId, question });
  return passages.filter((passage) => passage.coverage >= MIN_COVERAGE);
}

export function isCitedRight(outcome: QuestionOutcome): boolean {
  return outcome.citedPages.some((span) => spansAnswer(span, outcome.pages));
}

function spansAnswer([start, end]: [number, number], pages: readonly number[]): boolean {
  return pages.some((page) => page >= start && page <= end);
}

async function indexPaper(db: Database, userId: string, name: string, bytes: Buffer): Promise<string> {
  const [source] = await db.insert(sources).values({ userId, type: 'document', name }).returning();
  if (!source) throw new Error('no source row');
  const { language } = await readAndIndexPdf(db, source, new Uint8Array(bytes));
  await db.update(sources).set({ language, state: 'usable' }).where(eq(sources.id, source.id));
  return source.id;
}
