import type { CitationStyle, Length, LocaleCode } from '@quire/contracts';
import { translator } from '../../../http/i18n';

/** Spec §9: short, normal and long texts have 4, 6 and 8 paragraphs. */
export const PARAGRAPHS: Record<Length, number> = { short: 4, normal: 6, long: 8 };

export type EngineT = (key: string, params?: Record<string, string | number>) => string;

/** A translator for the `engine` catalogue. */
export function engineT(language: LocaleCode): EngineT {
  const t = translator(language);
  return (key, params) => t(`engine:${key}`, params);
}

/** The closing line of every built-in result: who wrote it and how to connect a model. */
export function builtinNote(locale: LocaleCode, { instructionIgnored = false } = {}): string {
  const t = engineT(locale);
  const notes = [t('note.builtin'), ...(instructionIgnored ? [t('note.instructionIgnored')] : [])];
  return `_${notes.join(' ')}_`;
}

/** The reference list under the heading its style and language call it by. */
export function referenceSection(style: CitationStyle, language: LocaleCode, references: readonly string[]): string {
  if (references.length === 0) return '';
  const t = engineT(language);
  const heading = style === 'mla9' ? t('references.worksCited') : t('references.heading');
  return [`## ${heading}`, ...references].join('\n\n');
}

/** A source sentence as a quotation in the language's quotation marks, without its closing full stop. */
export function quoted(language: LocaleCode, sentence: string): string {
  return engineT(language)('quote', { text: sentence.replace(/\s*\.$/u, '') });
}

/** "a, b and c" as the language joins lists. */
export function joinList(language: LocaleCode, items: readonly string[]): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
}

/** Markdown pieces joined as paragraphs, empty ones left out. */
export function blocks(...parts: (string | null | undefined | false)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
}
