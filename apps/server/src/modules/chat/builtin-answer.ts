import type { Citation, LocaleCode } from '@quire/contracts';
import { translator } from '../../http/i18n';
import type { RetrievedPassage } from '../sources/sources.retrieval';

/**
 * The least relevance (retrieval's rarity-weighted share of the question found in a passage's best sentence
 * and around it) at which a passage counts as answering; below it the answer says the source does not
 * answer. Chosen on the tuning papers of the evaluation set (retrieval-evaluation.ts), never the held-out ones.
 */
export const ANSWER_THRESHOLD = 0.35;
/** A further passage is cited only when it is nearly as relevant as the best one. */
const RELATIVE_THRESHOLD = 0.7;

/**
 * The passages an answer may cite: those relevant enough on their own and beside the best one — none when
 * the best falls short, so a question the source does not answer gets no citation at all.
 */
export function answeringPassages(passages: readonly RetrievedPassage[]): RetrievedPassage[] {
  const best = Math.max(0, ...passages.map((passage) => passage.relevance));
  if (best < ANSWER_THRESHOLD) return [];
  return passages.filter((passage) => passage.relevance >= Math.max(ANSWER_THRESHOLD, best * RELATIVE_THRESHOLD));
}

export type Answer = { content: string; citations: Citation[] };

/**
 * The built-in engine's answer: the sentences that answer the question, quoted with the page each stands
 * on, or a plain "not in this source" when no passage is relevant enough — never an invented sentence.
 */
export function quotedAnswer({
  passages,
  sourceId,
  hasPages,
  locale,
}: {
  passages: RetrievedPassage[];
  sourceId: string;
  hasPages: boolean;
  locale: LocaleCode;
}): Answer {
  const t = translator(locale);
  const relevant = answeringPassages(passages);
  if (relevant.length === 0) return { content: t('chat:notInSource'), citations: [] };
  const quotes = relevant.map(
    (passage, index) =>
      `> ${passage.evidence}${hasPages ? ` (${t('chat:page', { page: passage.page })})` : ''} [${index + 1}]`,
  );
  return {
    content: [t('chat:passagesIntro'), ...quotes, `_${t('chat:engineNote')}_`].join('\n\n'),
    citations: relevant.map((passage) => ({
      sourceId,
      page: hasPages ? passage.page : null,
      passage: passage.evidence,
    })),
  };
}
