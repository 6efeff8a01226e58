import type { LocaleCode } from '@quire/contracts';
import { languageName } from '../../generation/prompts/prompt-parts';

/** The most rewrites asked for and kept: more would bury the corrections. */
export const MAX_REWRITES = 20;

/**
 * How much of the text the model reads: about 1,500 words, which a small local model takes in and answers
 * within its output budget. Rewrites are proposed for this opening part only; the checkers cover the rest.
 */
export const MAX_EXCERPT_WORDS = 1_500;

/** Asks for rewrites of the sentences that need them, as a JSON array quoting each sentence exactly. */
export function rewritesPrompt({
  excerpt,
  language,
  locale,
}: {
  excerpt: string;
  language: LocaleCode;
  locale: LocaleCode;
}): { system: string; prompt: string; maxOutputTokens: number } {
  const system = `You are an editor of academic writing. You propose rewrites of the sentences in a ${languageName(language)} text that would be clearer or better suited to academic register.

Rules:
- Propose a rewrite only where clarity or academic register clearly improves: vague, wordy, convoluted or colloquial wording. Leave good sentences alone.
- Do not correct spelling, typing errors or punctuation alone; other checkers do that.
- "original": a whole sentence or part of one, copied exactly, character for character, from the text.
- "suggestion": the rewrite, in ${languageName(language)}, keeping the meaning, every claim, number, name and citation.
- "reason": one short sentence in ${languageName(locale)} saying what the rewrite improves.
- At most ${MAX_REWRITES} rewrites, in the order of the text.
- Answer with a JSON array and nothing else: [{"original": "…", "suggestion": "…", "reason": "…"}]. Answer [] when no sentence needs a rewrite.`;
  return { system, prompt: `Text:\n\n${excerpt}`, maxOutputTokens: 3_000 };
}
