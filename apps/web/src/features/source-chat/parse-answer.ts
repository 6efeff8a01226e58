import type { Citation } from '@quire/contracts';

/** A piece of a line: text, or a `[n]` reference to `citations[n - 1]`. */
export type Inline = { kind: 'text'; text: string } | { kind: 'cite'; number: number; citation: Citation };

/**
 * A block of an answer: a paragraph (its lines), a quote (`> …`), or the engine's note (`_…_`, a line in
 * underscores). Everything stays text: the renderer makes React elements of it, never HTML.
 */
export type Block =
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'quote'; lines: Inline[][] }
  | { kind: 'note'; text: string };

const QUOTE = /^>\s?/;
const NOTE = /^_(.+)_$/s;
const REFERENCE = /\[(\d{1,3})\]/g;

/**
 * Splits an answer's Markdown-like text into blocks: blank lines separate blocks, consecutive `> ` lines
 * form one quote, a block that is one line in underscores is the note. `[n]` becomes a reference when
 * `citations[n - 1]` exists; any other bracketed number stays text.
 */
export function parseAnswer(content: string, citations: readonly Citation[]): Block[] {
  const blocks: Block[] = [];
  let current = null as { kind: 'paragraph' | 'quote'; lines: Inline[][] } | null;

  for (const raw of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const note = NOTE.exec(line.trim());
    const kind = QUOTE.test(line) ? 'quote' : 'paragraph';
    if (line.trim() === '' || note?.[1] || current?.kind !== kind) {
      if (current) blocks.push(current);
      current = null;
    }
    if (line.trim() === '') continue;
    if (note?.[1]) {
      blocks.push({ kind: 'note', text: note[1].trim() });
      continue;
    }
    current ??= { kind, lines: [] };
    current.lines.push(parseInline(kind === 'quote' ? line.replace(QUOTE, '') : line, citations));
  }
  if (current) blocks.push(current);
  return blocks;
}

/** A line's text with its `[n]` references picked out. */
export function parseInline(text: string, citations: readonly Citation[]): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const number = Number(match[1]);
    const citation = citations[number - 1];
    if (!citation || number < 1) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'cite', number, citation });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
