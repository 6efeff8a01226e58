import type { LocaleCode } from '@quire/contracts';
import { languageName } from '../generation/prompts/prompt-parts';
import type { CardPassage } from './builtin-cards';

export const CARDS_SYSTEM = (
  language: LocaleCode,
) => `You write flashcards for a student from numbered passages of one text.

Rules:
- Each card asks one question that its passage answers, and gives the answer in a few words or one short sentence, in the passage's own words.
- Use only what the passages say. Do not add facts from elsewhere, and do not guess.
- Cite the number of the passage each card comes from.
- Ask about definitions, key facts, causes and results — not about the text's layout, authors or figures.
- Write the questions and answers in ${languageName(language)}.
- Reply with a JSON array and nothing else, one object per card: [{"question": "…", "answer": "…", "passage": 1}]`;

/** The user turn: how many cards, then the passages numbered from 1 with their pages where they have them. */
export function cardsPrompt(passages: readonly CardPassage[], count: number): string {
  const numbered = passages.map(
    (passage, index) => `[${index + 1}]${passage.page === null ? '' : ` (p. ${passage.page})`} ${passage.text}`,
  );
  return [`Write up to ${count} flashcards from these passages.`, ...numbered].join('\n\n');
}
