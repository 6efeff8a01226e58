import type { RetrievedPassage } from '../sources/sources.retrieval';

/** What the model writes, alone, when the passages do not answer the question. */
export const NOT_IN_SOURCE_MARKER = 'NOT_IN_SOURCE';

export const SOURCE_QA_SYSTEM = `You answer questions about one source for a student, using only the numbered passages from it that you are given.

Rules:
- Use only what the passages say. Do not add facts from elsewhere, and do not guess.
- After every statement, cite the passage it comes from by its number in square brackets, e.g. [1] or [2][3]. Cite only numbers you were given.
- Answer in the language the question is written in, even when the passages are in another language.
- Be concise: a few sentences, or a short list when the question asks for several things.
- If the passages do not answer the question, reply with exactly ${NOT_IN_SOURCE_MARKER} and nothing else.`;

/**
 * The user turn: the passages, numbered from 1 with their pages (documents only), then the question.
 * The numbers are the ones the server checks the answer's citations against.
 */
export function sourceQaPrompt({
  title,
  passages,
  hasPages,
  question,
}: {
  title: string;
  passages: RetrievedPassage[];
  hasPages: boolean;
  question: string;
}): string {
  const numbered = passages.map(
    (passage, index) => `[${index + 1}]${hasPages ? ` (${pages(passage)})` : ''} ${passage.text}`,
  );
  return [`Passages from "${title}":`, ...numbered, `Question: ${question}`].join('\n\n');
}

function pages(passage: RetrievedPassage): string {
  return passage.pageStart === passage.pageEnd
    ? `p. ${passage.pageStart}`
    : `pp. ${passage.pageStart}–${passage.pageEnd}`;
}
