/**
 * Language-aware segmentation with the ICU data Node ships (Intl.Segmenter): sentences and words for
 * every language the product writes in, without a tokenizer of our own to maintain.
 */

const sentenceSegmenters = new Map<string, Intl.Segmenter>();
const wordSegmenters = new Map<string, Intl.Segmenter>();

function segmenter(cache: Map<string, Intl.Segmenter>, language: string, granularity: 'sentence' | 'word') {
  let found = cache.get(language);
  if (!found) {
    found = new Intl.Segmenter(language, { granularity });
    cache.set(language, found);
  }
  return found;
}

/** Common abbreviations after which ICU would wrongly end a sentence ("e.g. the", "z. B. die"). */
const ABBREVIATION =
  /(?:\b(?:e\.g|i\.e|cf|vs|etc|al|fig|Fig|Abb|bzw|vgl|ca|Nr|pp|Vol|No|Dr|Prof|Hrsg|ggf|usw|bijv|resp|sog|evtl|Bd|Jh|éd|coord|núm|pág|ej)\.|(?:^|[\s(])\p{L}\.)$/u;

/** The sentences of a text, trimmed; line breaks inside a sentence become spaces. */
export function splitSentences(text: string, language = 'en'): string[] {
  const sentences: string[] = [];
  let pending = '';
  // ICU ends a sentence at every line break; in extracted PDF text a single break is only the end of a line.
  const flowing = text.replace(/([^\n])\n(?!\n)/g, '$1 ');
  for (const { segment } of segmenter(sentenceSegmenters, language, 'sentence').segment(flowing)) {
    const piece = segment.replace(/\s+/g, ' ').trim();
    if (!piece) continue;
    pending = pending ? `${pending} ${piece}` : piece;
    if (ABBREVIATION.test(pending)) continue;
    sentences.push(pending);
    pending = '';
  }
  if (pending) sentences.push(pending);
  return sentences;
}

/** The words of a text, lower-cased (numbers and punctuation left out). */
export function splitWords(text: string, language = 'en'): string[] {
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenter(wordSegmenters, language, 'word').segment(text)) {
    if (isWordLike && /\p{L}/u.test(segment)) words.push(segment.toLocaleLowerCase(language));
  }
  return words;
}
