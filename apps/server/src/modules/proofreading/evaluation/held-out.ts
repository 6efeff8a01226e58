import type { LocaleCode } from '@quire/contracts';
import type { ProofreadingFixture } from '../../../test/corpus';
import heldOut from './held-out.json';
import tuning from './tuning.json';

/**
 * Our own sentences with one known error each, written before the proofreader was tuned and never tuned on
 * (`held-out.json`); the bench reports them beside LanguageTool's examples. In the file the error is written
 * in [brackets]; here it becomes a span, like the corpus's fixtures.
 */
export function heldOutSentences(language: LocaleCode): ProofreadingFixture[] {
  return heldOut.sentences[language].map((sentence, index) => bracketed(`${language}-held-${index + 1}`, sentence));
}

/** Clean prose written for the false-alarm count: any issue on it is a false alarm. */
export function heldOutCleanProse(variant: 'en-GB' | 'en-US'): string[] {
  return heldOut.clean[variant];
}

/** Our tuning sentences (`tuning.json`): the material we iterate on, reported apart from the held-out set. */
export function tuningSentences(language: LocaleCode): ProofreadingFixture[] {
  return tuning.sentences[language].map((sentence, index) => bracketed(`${language}-tuning-${index + 1}`, sentence));
}

export function bracketed(id: string, sentence: { text: string; corrections: string[] }): ProofreadingFixture {
  const start = sentence.text.indexOf('[');
  const end = sentence.text.indexOf(']') - 1;
  if (start < 0 || end < start) throw new Error(`${id}: no [error] in “${sentence.text}”`);
  const incorrect = sentence.text.replace('[', '').replace(']', '');
  const first = sentence.corrections[0] ?? '';
  return {
    id,
    incorrect,
    span_start: start,
    span_end: end,
    corrections: sentence.corrections,
    corrected: `${incorrect.slice(0, start)}${first}${incorrect.slice(end)}`,
  };
}
