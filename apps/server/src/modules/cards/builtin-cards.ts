import type { LocaleCode } from '@quire/contracts';
import { splitSentences, splitWords } from '../../text/segment';
import { CARD_LANGUAGES, type CardLanguage, type DefinitionPattern } from './builtin-cards.languages';
import { clozeCandidate as blankable, CLOZE_WORDS, type TermStatistics, termStatistics } from './builtin-cloze';
import { cleanSentence, isCardSentence } from './builtin-sentences';
import type { CardContent } from './cards.store';

/**
 * The built-in card engine: no language model, only the text. Definition cards come from sentences that
 * state what something is ("X is a Y", "Unter X versteht man Y", "Se denomina X a Y", … see
 * builtin-cards.languages); cloze cards blank the key term of the sentences that carry the text's key
 * terms (builtin-cloze). Every card keeps the passage (and page) it was made from, so it can be checked.
 */

/** A passage of the text cards are made from; pasted text has no pages. */
export type CardPassage = { text: string; page: number | null };

const DEFINITION_WORDS = { min: 2, max: 40 } as const;
/** The words of a term, its article left out. */
const TERM_WORDS = 5;
/** No more cards than this with the same answer, so a deck is not twenty blanks for its title word. */
const SAME_ANSWER = 2;
/** Definitions outrank cloze cards: they are what a student most needs to learn. */
const DEFINITION_SCORE = 10;
const LEANING_PENALTY = 1.5;

type Sentence = { text: string; passage: CardPassage; order: number };
type Option = { front: string; back: string };
type Candidate = { sentence: Sentence; kind: 'definition' | 'cloze'; options: () => Option[]; score: number };

/**
 * Up to `count` cards from the passages, in the order of the text, without duplicates; none when nothing
 * in the text makes a card.
 */
export function builtinCards({
  passages,
  language,
  count,
}: {
  passages: readonly CardPassage[];
  language: LocaleCode;
  count: number;
}): CardContent[] {
  const rules = CARD_LANGUAGES[language];
  const sentences = passages.flatMap((passage, index) =>
    splitSentences(passage.text, language)
      .map((text, position) => ({ text: cleanSentence(text), passage, order: index * 100_000 + position }))
      .filter((sentence) => isCardSentence(sentence.text, language, rules.capitalisedNouns)),
  );
  const terms = termStatistics(
    passages.map((passage) => passage.text),
    language,
  );
  const candidates = sentences.flatMap((sentence) => {
    const candidate = definitionCandidate(sentence, language, terms) ?? clozeCandidate(sentence, language, terms);
    return candidate ? [candidate] : [];
  });
  return choose(candidates, count).map(({ sentence, kind, option }) => ({
    kind,
    front: option.front,
    back: option.back,
    passage: sentence.passage.text,
    page: sentence.passage.page,
  }));
}

/** The best candidates, one card per sentence and at most SAME_ANSWER per answer, in text order. */
function choose(candidates: Candidate[], count: number) {
  const answers = new Map<string, number>();
  const fronts = new Set<string>();
  const sentences = new Set<string>();
  const chosen: { sentence: Sentence; kind: Candidate['kind']; option: Option }[] = [];
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score || a.sentence.order - b.sentence.order)) {
    if (chosen.length >= count) break;
    const sentenceKey = normalise(candidate.sentence.text);
    if (sentences.has(sentenceKey)) continue;
    const option = candidate
      .options()
      .find((each) => (answers.get(normalise(each.back)) ?? 0) < SAME_ANSWER && !fronts.has(normalise(each.front)));
    if (!option) continue;
    sentences.add(sentenceKey);
    fronts.add(normalise(option.front));
    answers.set(normalise(option.back), (answers.get(normalise(option.back)) ?? 0) + 1);
    chosen.push({ sentence: candidate.sentence, kind: candidate.kind, option });
  }
  return chosen.sort((a, b) => a.sentence.order - b.sentence.order);
}

function clozeCandidate(sentence: Sentence, language: LocaleCode, terms: TermStatistics): Candidate | null {
  const words = splitWords(sentence.text, language);
  if (words.length < CLOZE_WORDS.min || words.length > CLOZE_WORDS.max) return null;
  const rules = CARD_LANGUAGES[language];
  const cloze = blankable(sentence.text, language, terms, rules.capitalisedNouns);
  if (!cloze) return null;
  // "It is …", "This shows …": a sentence that leans on the one before it makes a weaker card.
  const leans = terms.stopwords.has(words[0] ?? '') && !rules.termArticle.test(sentence.text);
  return { sentence, kind: 'cloze', options: cloze.options, score: cloze.score - (leans ? LEANING_PENALTY : 0) };
}

/** A definition card when the sentence states what a term is, in one of the language's patterns. */
function definitionCandidate(sentence: Sentence, language: LocaleCode, terms: TermStatistics): Candidate | null {
  if (!/[.!]$/u.test(sentence.text)) return null;
  const rules = CARD_LANGUAGES[language];
  const body = sentence.text.replace(/\s*[.!]+$/u, '');
  for (const pattern of rules.patterns) {
    const match = pattern.pattern.exec(body);
    const term = match?.groups?.term?.trim();
    const definition = match?.groups?.definition?.trim().replace(/[,;:]$/u, '');
    if (!term || !definition) continue;
    const termWords = coreWords(term, rules, language);
    if (!termWords || !isTerm(term, termWords, rules, terms.stopwords)) continue;
    if (!isDefinition(definition, pattern, rules, language, terms.stopwords)) continue;
    const weight = termWords.reduce((sum, word) => sum + Math.log2(1 + (terms.frequency.get(word) ?? 0)), 0);
    const front = rules.question(displayTerm(term, rules, language, terms.names), pattern.plural);
    return {
      sentence,
      kind: 'definition',
      score: DEFINITION_SCORE + weight,
      options: () => [{ front, back: capitalise(definition) }],
    };
  }
  return null;
}

/** The words of a term without "the term" and its article, lower case; null when it has too many. */
function coreWords(term: string, rules: CardLanguage, language: LocaleCode): string[] | null {
  const words = splitWords(term.replace(rules.termLabel, '').replace(rules.termArticle, ''), language);
  return words.length >= 1 && words.length <= TERM_WORDS ? words : null;
}

/**
 * A term names a thing: it starts and ends with a content word (not "this", "it", "there"), has at most
 * one function word inside ("unit of life"), and in German ends in a capitalised noun.
 */
function isTerm(term: string, words: string[], rules: CardLanguage, stopwords: ReadonlySet<string>): boolean {
  const first = words[0] as string;
  const last = words.at(-1) as string;
  if (stopwords.has(first) || stopwords.has(last) || !/\p{L}/u.test(first)) return false;
  // A repeated word is a heading run into the sentence ("Spectral models Spectral models are …").
  if (words.filter((word) => stopwords.has(word)).length > 1 || new Set(words).size < words.length) return false;
  return !rules.capitalisedNouns || /^\p{Lu}/u.test(term.split(' ').at(-1) ?? '');
}

function isDefinition(
  definition: string,
  { start }: DefinitionPattern,
  rules: CardLanguage,
  language: LocaleCode,
  stopwords: ReadonlySet<string>,
): boolean {
  const words = splitWords(definition, language);
  if (words.length < DEFINITION_WORDS.min || words.length > DEFINITION_WORDS.max) return false;
  if (rules.negation.test(definition)) return false;
  if (rules.definitionStart.test(definition)) return true;
  if (start === 'noun') return rules.nounWithClause.test(definition);
  return start === 'any' && !stopwords.has(words[0] as string);
}

/**
 * The term as the question shows it, without "the term": an article that began the sentence is lower-cased
 * ("What is the cell?"), and so is a first word the text never capitalises inside a sentence; names and
 * acronyms keep their capitals.
 */
function displayTerm(term: string, rules: CardLanguage, language: LocaleCode, names: Set<string>): string {
  const shown = term.replace(rules.termLabel, '');
  const lower = (value: string) => value.charAt(0).toLocaleLowerCase(language) + value.slice(1);
  if (rules.termArticle.test(shown)) return lower(shown);
  if (rules.capitalisedNouns) return shown;
  const first = shown.split(' ')[0] as string;
  return /\p{Lu}.*\p{Lu}/u.test(first) || names.has(first) ? shown : lower(shown);
}

const normalise = (value: string) => value.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
const capitalise = (value: string) => value.charAt(0).toLocaleUpperCase() + value.slice(1);
