import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sources } from '../../db/schema';
import { answeringPassages } from '../chat/builtin-answer';
import { readAndIndexPdf } from './document-structure';
import evaluationSet from './retrieval-questions.json';
import { retrievePassages } from './sources.retrieval';

/** What makes a question hard: two languages in it, a language other than the paper's, a definition, a number. */
export type QuestionKind = 'mixed' | 'cross' | 'definition' | 'number';
export type EvaluationQuestion = {
  question: string;
  /** The language the question is asked in (ISO 639-1). */
  language: string;
  pages: number[];
  /** The words of the paper that answer it (the questions of issue #28 have it). */
  evidence?: string;
  kinds: string[];
};
/** `heldout` papers were written down before retrieval was tuned and are never tuned on. */
export type EvaluationSplit = 'tuning' | 'heldout';
export type EvaluationPaper = {
  file: string;
  /** The corpus folder the paper is in (`pdfs`, `pdfs-more`). */
  folder: string;
  language: string;
  split: string;
  questions: EvaluationQuestion[];
  /** Questions the paper does not answer: the built-in answer should cite nothing. */
  unanswerable: { question: string; language: string }[];
};

/** Questions over the fixture papers, each with the page(s) where the answer is, and some it does not answer. */
export const EVALUATION_PAPERS: readonly EvaluationPaper[] = evaluationSet.papers;

/** The pages a built-in answer cites for a question, best first (empty when it says the source does not answer). */
export type CitePages = (db: Database, sourceId: string, question: string) => Promise<[number, number][]>;

/** One asked question: the pages of the passages the built-in answer would cite, best first. */
export type QuestionOutcome = EvaluationQuestion & { file: string; split: string; citedPages: [number, number][] };
export type UnanswerableOutcome = { question: string; file: string; split: string; citedPages: [number, number][] };

export type QualityFigures = {
  questions: number;
  /** Share of questions whose first cited passage spans a page of the answer (0–1). */
  firstPage: number;
  /** Share of questions with a page of the answer among the cited passages (0–1). */
  cited: number;
  /** Share of questions for which no passage would be cited at all (0–1). */
  none: number;
};

export type SplitQuality = {
  /** Every answerable question asked in a language of the paper (mixed ones included). */
  sameLanguage: QualityFigures;
  /** Questions asked only in another language than the paper's. */
  crossLanguage: QualityFigures;
  mixed: QualityFigures;
  definitions: QualityFigures;
  numbers: QualityFigures;
  unanswerable: number;
  /** Share of the unanswerable questions for which nothing would be cited, as it should be (0–1). */
  unansweredRightly: number;
};

export type RetrievalQuality = QualityFigures & {
  unansweredRightly: number;
  outcomes: QuestionOutcome[];
  /** The unanswerable questions that got citations anyway. */
  wronglyAnswered: string[];
  tuning: SplitQuality;
  heldout: SplitQuality;
};

/**
 * Indexes each paper exactly as source processing does (extract → structure → chunk → store), asks its
 * questions and counts how often the pages the answer cites include the page of the answer, for the tuning
 * and the held-out papers apart. `cite` is the answer policy measured (by default the built-in answer's).
 */
export async function measureRetrievalQuality(
  db: Database,
  {
    userId,
    readPdf,
    cite = builtinCitedPages,
    papers = EVALUATION_PAPERS,
  }: {
    userId: string;
    readPdf: (file: string, folder: string) => Buffer;
    cite?: CitePages;
    papers?: readonly EvaluationPaper[];
  },
): Promise<RetrievalQuality> {
  const outcomes: QuestionOutcome[] = [];
  const refusals: UnanswerableOutcome[] = [];
  for (const paper of papers) {
    const sourceId = await indexPaper(db, userId, paper.file, readPdf(paper.file, paper.folder));
    for (const item of paper.questions) {
      const citedPages = await cite(db, sourceId, item.question);
      outcomes.push({ ...item, file: paper.file, split: paper.split, citedPages });
    }
    for (const { question } of paper.unanswerable) {
      refusals.push({ question, file: paper.file, split: paper.split, citedPages: await cite(db, sourceId, question) });
    }
  }
  const sameLanguage = outcomes.filter((outcome) => !outcome.kinds.includes('cross'));
  return {
    ...figures(sameLanguage),
    unansweredRightly: refusedShare(refusals),
    outcomes,
    wronglyAnswered: refusals.filter((r) => r.citedPages.length > 0).map((r) => r.question),
    tuning: splitQuality(outcomes, refusals, 'tuning'),
    heldout: splitQuality(outcomes, refusals, 'heldout'),
  };
}

function splitQuality(all: QuestionOutcome[], allRefusals: UnanswerableOutcome[], split: EvaluationSplit) {
  const outcomes = all.filter((outcome) => outcome.split === split);
  const refusals = allRefusals.filter((refusal) => refusal.split === split);
  const of = (kind: QuestionKind) => figures(outcomes.filter((outcome) => outcome.kinds.includes(kind)));
  return {
    sameLanguage: figures(outcomes.filter((outcome) => !outcome.kinds.includes('cross'))),
    crossLanguage: of('cross'),
    mixed: of('mixed'),
    definitions: of('definition'),
    numbers: of('number'),
    unanswerable: refusals.length,
    unansweredRightly: refusedShare(refusals),
  };
}

function figures(outcomes: QuestionOutcome[]): QualityFigures {
  const share = (count: number) => (outcomes.length === 0 ? 0 : count / outcomes.length);
  return {
    questions: outcomes.length,
    firstPage: share(outcomes.filter((o) => o.citedPages[0] && spansAnswer(o.citedPages[0], o.pages)).length),
    cited: share(outcomes.filter(isCitedRight).length),
    none: share(outcomes.filter((o) => o.citedPages.length === 0).length),
  };
}

function refusedShare(refusals: UnanswerableOutcome[]): number {
  if (refusals.length === 0) return 1;
  return refusals.filter((refusal) => refusal.citedPages.length === 0).length / refusals.length;
}

/** The pages the built-in answer would cite: the page of each quoted sentence. */
const builtinCitedPages: CitePages = async (db, sourceId, question) => {
  const passages = await retrievePassages(db, { sourceId, question });
  return answeringPassages(passages).map((passage): [number, number] => [passage.page, passage.page]);
};

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
