import type { LocaleCode } from '@quire/contracts';
import type { SpellingWord } from './spelling-words';

type Dictionary = { spell: (word: string) => boolean };

// What follows a name in a citation: "Okafor (2017)", "Okafor et al.", "Okafor and Lee (2019)", "Okafor’s".
const CITATION_AFTER =
  /^(?:\s*\(\s*(?:1[5-9]|20)\d{2}|\s+et\s+al\b|\s*(?:and|&|und|et|y|e|en)\s+\p{Lu}[\p{L}\p{M}'’-]+\s*\(\s*\d{4}|['’]s\b)/u;
// An initial right before: "A. A. Brennan", "J.-P. Dupont".
const INITIAL_BEFORE = /(?:^|[\s(])\p{Lu}\.\s*$/u;
// The end of a sentence (or paragraph) before a word, quotes and brackets allowed between.
const SENTENCE_BEFORE = /(?:^|[.!?…:]\s+|\n\s*)["'“„«([]?\s*$/u;

/**
 * A capitalised word inside a sentence that the dictionary does not know is taken for a name (issue #29
 * item 2): "Okafor", "Dupont", "Müller". At the start of a sentence only when a citation or an initial shows
 * it, or when the same word stands capitalised inside a sentence elsewhere in the text. German capitalises
 * every noun, so there the spell checker decides by the closeness of its suggestion (spell-checker.ts).
 */
export function probableName(word: SpellingWord, text: string, language: LocaleCode, dictionary: Dictionary): boolean {
  if (language === 'de') return citedOrInitialled(word, text);
  if (!capitalisedOnly(word.text, dictionary)) return false;
  if (!startsSentence(word, text)) return true;
  return citedOrInitialled(word, text) || usedInsideSentence(word, text);
}

function capitalisedOnly(word: string, dictionary: Dictionary): boolean {
  const first = word.charAt(0);
  if (first === first.toLowerCase() || word === word.toUpperCase()) return false;
  // "Analysis" written with a capital is a known word's capital, never a name; such words are not unknown.
  return !dictionary.spell(word.toLowerCase());
}

function startsSentence(word: SpellingWord, text: string): boolean {
  const before = text.slice(Math.max(0, word.start - 12), word.start);
  if (INITIAL_BEFORE.test(before)) return false;
  return SENTENCE_BEFORE.test(before);
}

function citedOrInitialled(word: SpellingWord, text: string): boolean {
  const first = word.text.charAt(0);
  if (first === first.toLowerCase()) return false;
  const after = text.slice(word.end, word.end + 60);
  const before = text.slice(Math.max(0, word.start - 12), word.start);
  return CITATION_AFTER.test(after) || INITIAL_BEFORE.test(before);
}

function usedInsideSentence(word: SpellingWord, text: string): boolean {
  const pattern = new RegExp(`(?<![\\p{L}\\p{M}])${escapeRegExp(word.text)}(?![\\p{L}\\p{M}])`, 'gu');
  for (const match of text.matchAll(pattern)) {
    if (match.index === word.start) continue;
    if (!startsSentence({ text: word.text, start: match.index, end: match.index + word.text.length }, text))
      return true;
  }
  return false;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
