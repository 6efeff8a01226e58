import { splitSentences, splitWords } from './segment';
import { stopwordsFor } from './stopwords';

export type KeyPhrase = { phrase: string; score: number; count: number };

const MAX_PHRASE_WORDS = 4;

/**
 * Key phrases by RAKE (Rose et al. 2010): runs of content words between stopwords are candidates; a word
 * scores by how many other content words it co-occurs with over how often it appears, and a phrase sums
 * its words. Phrases seen more than once rank first, so one long stray phrase does not win.
 */
export function keyPhrases(text: string, { language = 'en', limit = 10 }: { language?: string; limit?: number } = {}) {
  const stopwords = stopwordsFor(language);
  const candidates: string[][] = [];
  for (const sentence of splitSentences(text, language)) {
    let run: string[] = [];
    for (const word of splitWords(sentence, language)) {
      if (stopwords.has(word) || word.length < 3) {
        if (run.length > 0) candidates.push(run);
        run = [];
      } else {
        run.push(word);
      }
    }
    if (run.length > 0) candidates.push(run);
  }
  const frequency = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const run of candidates.filter((words) => words.length <= MAX_PHRASE_WORDS)) {
    for (const word of run) {
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
      degree.set(word, (degree.get(word) ?? 0) + run.length);
    }
  }
  const phrases = new Map<string, KeyPhrase>();
  for (const run of candidates.filter((words) => words.length <= MAX_PHRASE_WORDS)) {
    const phrase = run.join(' ');
    const found = phrases.get(phrase);
    if (found) {
      found.count++;
      continue;
    }
    const score = run.reduce((sum, word) => sum + (degree.get(word) ?? 0) / (frequency.get(word) ?? 1), 0);
    phrases.set(phrase, { phrase, score, count: 1 });
  }
  return [...phrases.values()]
    .sort((a, b) => Number(b.count > 1) - Number(a.count > 1) || b.score * b.count - a.score * a.count)
    .slice(0, limit);
}
