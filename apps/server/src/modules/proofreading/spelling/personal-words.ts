/**
 * A personal dictionary's words as the checker accepts them: each as written and in capitals, and a word
 * written in lower case also capitalised (at the start of a sentence). "Quire" does not accept "quire".
 */
export type PersonalWords = { has: (word: string) => boolean };

export function personalWordMatcher(words: Iterable<string>): PersonalWords {
  const accepted = new Set<string>();
  for (const word of words) {
    const plain = straightApostrophes(word);
    accepted.add(plain);
    accepted.add(plain.toUpperCase());
    if (plain[0] !== undefined && plain[0] === plain[0].toLowerCase()) accepted.add(capitalised(plain));
  }
  return { has: (word) => accepted.has(straightApostrophes(word)) };
}

export function straightApostrophes(word: string): string {
  return word.replaceAll('’', "'");
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
