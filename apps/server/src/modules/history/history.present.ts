import type { HistoryDetail, HistoryListItem, SharedResult } from '@quire/contracts';
import { encodeCursor } from './history.cursor';
import type { HistoryDetailRow, HistoryListRow, SharedRow } from './history.store';

export const EXCERPT_LENGTH = 280;
const TITLE_LENGTH = 120;
/** Titles taken from the text are shorter: a heading, not a paragraph. */
const TEXT_TITLE_LENGTH = 90;

export function presentListItem(row: HistoryListRow): HistoryListItem {
  return {
    id: row.id,
    slug: row.slug,
    tool_name: row.toolName,
    created_at: row.createdAt.toISOString(),
    inputs: row.inputs,
    words_used: row.wordsUsed,
    excerpt: excerptOf(row.textStart, EXCERPT_LENGTH),
    shared_token: row.sharedToken,
  };
}

/** The `next` of a page: null when this page was the last (fewer rows than asked for). */
export function nextCursor(rows: HistoryListRow[], limit: number): string | null {
  const last = rows.at(-1);
  return rows.length < limit || !last ? null : encodeCursor({ at: last.cursorAt, id: last.id });
}

export function presentDetail(row: HistoryDetailRow): HistoryDetail {
  return {
    id: row.id,
    slug: row.slug,
    tool_name: row.toolName,
    created_at: row.createdAt.toISOString(),
    inputs: row.inputs,
    words_used: row.wordsUsed,
    excerpt: excerptOf(row.text, EXCERPT_LENGTH),
    shared_token: row.sharedToken,
    text: row.text,
    citations: row.citations,
    engine: { kind: row.engine, model: row.model },
    ...(row.items ? { items: row.items } : {}),
  };
}

/** What a public link shows: no inputs but the title taken from them, nothing about the author. */
export function presentShared(row: SharedRow): SharedResult {
  return {
    slug: row.slug,
    tool_name: row.toolName,
    title: sharedTitle(row),
    created_at: row.createdAt.toISOString(),
    text: row.text,
    citations: row.citations,
    ...(row.items ? { items: row.items } : {}),
  };
}

/** The title of a shared result: its topic, else its headline, else the first heading or line of its text. */
export function sharedTitle(row: Pick<SharedRow, 'inputs' | 'text'>): string {
  for (const key of ['topic', 'headline']) {
    const value = row.inputs[key];
    if (typeof value === 'string' && value.trim()) return clip(value.trim().replace(/\s+/g, ' '), TITLE_LENGTH);
  }
  const lines = row.text.split('\n').map((line) => plainText(line));
  const heading = row.text.split('\n').findIndex((line) => /^#{1,6}\s/.test(line));
  const first = (heading >= 0 ? lines[heading] : lines.find((line) => line.length > 0)) ?? '';
  return firstSentence(first, TEXT_TITLE_LENGTH);
}

/** A title out of running text: its first sentence when that is short enough, else its start. */
function firstSentence(text: string, length: number): string {
  const end = /[.!?](?=\s|$)/.exec(text);
  const sentence = end ? text.slice(0, end.index + 1) : text;
  if (sentence.length <= length) return sentence;
  const cut = text.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The start of a text without its Markdown, on one line, at most `length` characters. */
export function excerptOf(markdown: string, length: number): string {
  return clip(plainText(markdown), length);
}

/** Markdown reduced to its words: no headings, emphasis, code marks, links, list or quote marks, citations. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/(\*{1,3}|`+|~~)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/(?<!\w)(_{1,3})(\S(?:.*?\S)?)\1(?!\w)/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}
