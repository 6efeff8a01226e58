import type { LocaleCode } from '@quire/contracts';
import type { SourcePassage, ToolSource } from '../engine-types';

/** A passage given to the model under its number ([1], [2]…), which the server checks citations against. */
export type NumberedPassage = { source: ToolSource; passage: SourcePassage };

/** What a tool asks the model, and the passages its citations may point at. */
export type ModelPrompt = { system: string; prompt: string; maxOutputTokens: number; passages: NumberedPassage[] };

/** Enough context to write from without drowning a small local model. */
export const MAX_PASSAGES = 40;

const LANGUAGE_NAMES: Record<LocaleCode, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
};

export function languageName(language: LocaleCode): string {
  return LANGUAGE_NAMES[language];
}

/**
 * The passages to give the model, best first, taken in turns from each source so that every source has a
 * say before any source gives a second passage.
 */
export function numberPassages(sources: readonly ToolSource[], limit = MAX_PASSAGES): NumberedPassage[] {
  const queues = sources.map((source) =>
    [...source.passages].sort((a, b) => b.score - a.score).map((passage) => ({ source, passage })),
  );
  const numbered: NumberedPassage[] = [];
  for (let round = 0; numbered.length < limit && queues.some((queue) => queue.length > round); round++) {
    for (const queue of queues) {
      const next = queue[round];
      if (next && numbered.length < limit) numbered.push(next);
    }
  }
  return numbered;
}

/** `[n] (Müller et al. 2020, p. 4) text`, one passage a paragraph. */
export function passageList(numbered: readonly NumberedPassage[]): string {
  return numbered
    .map(({ source, passage }, index) => `[${index + 1}] (${sourceLabel(source, passage)}) ${passage.text.trim()}`)
    .join('\n\n');
}

function sourceLabel(source: ToolSource, passage: SourcePassage): string {
  const families = source.authors.map((name) => familyName(name)).filter(Boolean);
  const who =
    families.length === 0
      ? 'Unknown author'
      : families.length === 1
        ? families[0]
        : families.length === 2
          ? `${families[0]} & ${families[1]}`
          : `${families[0]} et al.`;
  const page =
    passage.pageStart === null
      ? ''
      : passage.pageEnd !== null && passage.pageEnd !== passage.pageStart
        ? `, pp. ${passage.pageStart}–${passage.pageEnd}`
        : `, p. ${passage.pageStart}`;
  return `${who} ${source.year ?? 'n.d.'}${page}; "${source.title}"`;
}

function familyName(name: string): string {
  const trimmed = name.trim();
  return trimmed.includes(',') ? (trimmed.split(',')[0] ?? '').trim() : (trimmed.split(/\s+/).at(-1) ?? '');
}

/** The rules every cited text follows. */
export function citationRules(count: number): string {
  if (count === 0) {
    return '- No source passages are given: write from general knowledge, carefully, without inventing references, quotations or numbers.';
  }
  return [
    '- Base every factual statement on the numbered passages. Do not add facts, figures or quotations from elsewhere.',
    `- After each statement drawn from a passage, cite it by its number in square brackets, e.g. [1] or [2][3]. Use only the numbers 1 to ${count}.`,
    '- Do not write author names with years as citations and do not add a reference list: Quire adds both in the chosen citation style.',
  ].join('\n');
}

/** The student's own instruction, marked as theirs. */
export function instructionLine(instruction: string | undefined): string {
  return instruction
    ? `The student's additional instruction (follow it unless it conflicts with the rules): ${instruction}`
    : '';
}

/** Prompt parts joined, empty ones left out. */
export function joinPrompt(...parts: (string | null | undefined | false)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
}
