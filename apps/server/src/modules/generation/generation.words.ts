import { splitWords } from '../../text/segment';
import type { ToolSource } from './engine-types';

/** A title is recognised in a reference entry by its first words. */
const TITLE_WORDS = 5;
const HEADING = /^(?:#{1,6}\s+\S.*|\*\*[^*]+\*\*:?)\s*$/;

/**
 * The words a result is charged for (spec §6): its text without the reference list the engine appended.
 * The reference list is the last headed section in which most lines name one of the cited sources.
 */
export function chargedWords(text: string, cited: ToolSource[], language: string): number {
  return splitWords(withoutReferenceList(text, cited), language).length;
}

export function withoutReferenceList(text: string, cited: ToolSource[]): string {
  const titles = cited.map((source) => normalise(source.title).split(' ').slice(0, TITLE_WORDS).join(' '));
  if (titles.length === 0) return text;
  const lines = text.split('\n');
  const headingAt = lines.findLastIndex((line) => HEADING.test(line.trim()));
  if (headingAt === -1) return text;
  const entries = lines.slice(headingAt + 1).filter((line) => line.trim().length > 0);
  const naming = entries.filter((line) => titles.some((title) => title && normalise(line).includes(title)));
  if (naming.length === 0 || naming.length * 2 < entries.length) return text;
  return lines.slice(0, headingAt).join('\n');
}

/** Lower case, letters and digits only, so Markdown emphasis and a style's capitalisation do not matter. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
