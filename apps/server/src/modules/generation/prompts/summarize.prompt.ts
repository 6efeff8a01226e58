import type { LocaleCode, SummaryType } from '@quire/contracts';
import { joinPrompt, languageName, type ModelPrompt } from './prompt-parts';

/** About 15,000 words: what a summary is asked of at most, and what a small model can take in. */
const MAX_TEXT_CHARACTERS = 100_000;

const TYPES: Record<SummaryType, string> = {
  informative: "An informative summary: the text's main statements, findings and conclusions, in a few paragraphs.",
  descriptive:
    'A descriptive summary: what the text covers and how it is built (topics, approach, structure), without its findings in detail.',
  critical:
    'A critical summary: the main statements, then an assessment of their strengths and weaknesses, including the limitations the text names itself. Keep the two parts under the headings "**Summary**" and "**Assessment**", translated.',
  abstract: 'An abstract of 4 to 6 sentences in one paragraph: aim, method, main results, conclusion.',
};

/** Summarize: a pasted text or one source's passages, of the requested type. */
export function summarizePrompt({
  text,
  type,
  language,
  focus,
}: {
  text: string;
  type: SummaryType;
  language: LocaleCode;
  focus: string | undefined;
}): ModelPrompt {
  const system = `You summarise texts for students, faithfully: nothing the text does not say.

Rules:
- Write in ${languageName(language)}, whatever the language of the text.
- ${TYPES[type]}
- Output the summary and nothing else.`;
  const prompt = joinPrompt(
    focus ? `The student's focus for the summary: ${focus}` : '',
    `Text to summarise:\n\n${text.slice(0, MAX_TEXT_CHARACTERS)}`,
  );
  return { system, prompt, maxOutputTokens: type === 'abstract' ? 500 : 1_500, passages: [] };
}
