import { DECK_LIMITS, type LocaleCode } from '@quire/contracts';
import type { ModelGateway } from '../../ai/gateway';
import { splitSentences, splitWords } from '../../text/segment';
import { stopwordsFor } from '../../text/stopwords';
import type { CardPassage } from './builtin-cards';
import { CARD_LANGUAGES } from './builtin-cards.languages';
import { isCardSentence } from './builtin-sentences';
import type { CardContent } from './cards.store';
import { type ProposedCard, parseProposedCards } from './model-cards.parse';
import { CARDS_SYSTEM, cardsPrompt } from './model-cards.prompt';

/** Passages the model reads: enough for a deck, few enough for a small local model. */
export const MODEL_PASSAGES = 12;
/**
 * A card is kept only when at least this share of its answer's content words (not stopwords; numbers
 * included) occurs in the passage it cites, a word counting as found when the passage has it or a form of
 * it (one is a prefix of the other, the shorter at least four letters: "cell"/"cells", "divide"/"divides").
 * Every number in the answer must be in the passage: an invented figure is the worst kind of card.
 */
export const MIN_SUPPORT = 0.6;
const MIN_STEM = 4;
const MAX_TOKENS_PER_CARD = 80;

/**
 * Question-and-answer cards written by the language model from the passages, each checked against the
 * passage it cites (see MIN_SUPPORT); cards that fail the check are dropped. At most `count`, in the order
 * of the text. Throws the gateway's AppError when the model call fails.
 */
export async function modelCards({
  ai,
  passages,
  language,
  count,
}: {
  ai: ModelGateway;
  passages: readonly CardPassage[];
  language: LocaleCode;
  count: number;
}): Promise<CardContent[]> {
  const chosen = spreadPassages(passages, language);
  let answer = '';
  for await (const piece of ai.streamText({
    system: CARDS_SYSTEM(language),
    prompt: cardsPrompt(chosen, count),
    temperature: 0.2,
    maxOutputTokens: count * MAX_TOKENS_PER_CARD,
  })) {
    answer += piece;
  }
  return checkedCards(parseProposedCards(answer), chosen, language).slice(0, count);
}

/** The proposed cards that cite a passage they were given and are supported by it, deduplicated, in text order. */
export function checkedCards(
  proposed: readonly ProposedCard[],
  passages: readonly CardPassage[],
  language: LocaleCode,
): CardContent[] {
  const seen = new Set<string>();
  const kept: (CardContent & { order: number })[] = [];
  for (const [index, card] of proposed.entries()) {
    const passage = passages[card.passage - 1];
    if (!passage || !isSupported(card.answer, passage.text, language)) continue;
    if (card.question.length > DECK_LIMITS.front || card.answer.length > DECK_LIMITS.back) continue;
    const key = card.question.toLocaleLowerCase(language).replace(/\s+/g, ' ');
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({
      kind: 'qa',
      front: card.question,
      back: card.answer,
      passage: passage.text,
      page: passage.page,
      order: card.passage * 10_000 + index,
    });
  }
  return kept.sort((a, b) => a.order - b.order).map(({ order: _order, ...card }) => card);
}

/** Whether the passage supports the answer, as MIN_SUPPORT describes. */
export function isSupported(answer: string, passage: string, language: LocaleCode): boolean {
  const numbers = answer.match(/\d+(?:[.,]\d+)*/g) ?? [];
  if (numbers.some((number) => !passage.includes(number))) return false;
  const stopwords = stopwordsFor(language);
  const content = splitWords(answer, language).filter((word) => word.length > 2 && !stopwords.has(word));
  if (content.length === 0) return numbers.length > 0;
  const passageWords = [...new Set(splitWords(passage, language))];
  const found = content.filter((word) => passageWords.some((other) => sameWord(word, other))).length;
  return found / content.length >= MIN_SUPPORT;
}

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length >= MIN_STEM && longer.startsWith(shorter);
}

/**
 * The passages to give the model: all when few, else the one with the most running prose from each of
 * MODEL_PASSAGES equal stretches of the text, so the deck covers all of it and skips reference lists.
 */
function spreadPassages(passages: readonly CardPassage[], language: LocaleCode): CardPassage[] {
  if (passages.length <= MODEL_PASSAGES) return [...passages];
  const { capitalisedNouns } = CARD_LANGUAGES[language];
  const prose = passages.map(
    (passage) =>
      splitSentences(passage.text, language).filter((sentence) => isCardSentence(sentence, language, capitalisedNouns))
        .length,
  );
  const size = passages.length / MODEL_PASSAGES;
  return Array.from({ length: MODEL_PASSAGES }, (_, bucket) => {
    let best = Math.floor(bucket * size);
    for (let index = best + 1; index < Math.floor((bucket + 1) * size); index++) {
      if ((prose[index] ?? 0) > (prose[best] ?? 0)) best = index;
    }
    return passages[best] as CardPassage;
  });
}
