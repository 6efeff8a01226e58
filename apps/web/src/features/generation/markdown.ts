import type { Citation } from '@quire/contracts';

/** A run of a line: plain, bold or italic text, or a `[n]` reference to `citations[n - 1]`. */
export type Span =
  | { kind: 'text'; text: string; strong: boolean; em: boolean }
  | { kind: 'cite'; number: number; citation: Citation };

/**
 * A block of a generated text. Results are Markdown; this is the part of it the tools write — headings, paragraphs,
 * lists, quotes and the engine's note (a line in underscores). Everything stays text: the renderer makes React
 * elements (or DOCX paragraphs) of it, never HTML.
 */
export type MarkdownBlock =
  | { kind: 'heading'; level: number; spans: Span[] }
  | { kind: 'paragraph'; lines: Span[][] }
  | { kind: 'list'; ordered: boolean; items: Span[][] }
  | { kind: 'quote'; lines: Span[][] }
  | { kind: 'note'; text: string };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;
const NOTE = /^_([^_].*)_$/;
const INLINE = /\*\*(.+?)\*\*|(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])|\[(\d{1,3})\]/g;

/** Splits a text into blocks; a blank line, a heading or a change of kind ends a block. */
export function parseMarkdown(text: string, citations: readonly Citation[] = []): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let open: Extract<MarkdownBlock, { kind: 'paragraph' | 'quote' | 'list' }> | null = null;
  const close = () => {
    if (open) blocks.push(open);
    open = null;
  };

  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    const note = NOTE.exec(line.trim());
    if (heading || note) {
      close();
      if (heading)
        blocks.push({
          kind: 'heading',
          level: heading[1]?.length ?? 1,
          spans: parseSpans(heading[2] ?? '', citations),
        });
      else blocks.push({ kind: 'note', text: note?.[1]?.trim() ?? '' });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const quote = QUOTE.exec(line);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (open?.kind !== 'list' || open.ordered !== ordered) {
        close();
        open = { kind: 'list', ordered, items: [] };
      }
      open.items.push(parseSpans((bullet ?? numbered)?.[1] ?? '', citations));
    } else if (quote) {
      if (open?.kind !== 'quote') {
        close();
        open = { kind: 'quote', lines: [] };
      }
      open.lines.push(parseSpans(quote[1] ?? '', citations));
    } else if (open?.kind === 'list') {
      // A wrapped list item continues on the next line.
      const last = open.items.at(-1);
      if (last) last.push(plain(' '), ...parseSpans(line.trim(), citations));
    } else {
      if (open?.kind !== 'paragraph') {
        close();
        open = { kind: 'paragraph', lines: [] };
      }
      open.lines.push(parseSpans(line, citations));
    }
  }
  close();
  return blocks;
}

/** A line's spans: `**bold**`, `*italic*`, and `[n]` where `citations[n - 1]` exists (else it stays text). */
export function parseSpans(text: string, citations: readonly Citation[] = []): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, bold, italic, number] = match;
    const citation = number ? citations[Number(number) - 1] : undefined;
    if (number && !citation) continue;
    if (match.index > last) spans.push(plain(text.slice(last, match.index)));
    if (bold !== undefined) spans.push({ kind: 'text', text: bold, strong: true, em: false });
    else if (italic !== undefined) spans.push({ kind: 'text', text: italic, strong: false, em: true });
    else if (citation) spans.push({ kind: 'cite', number: Number(number), citation });
    last = match.index + whole.length;
  }
  if (last < text.length) spans.push(plain(text.slice(last)));
  return spans;
}

/** The text of spans, without emphasis marks (for DOCX runs and labels). */
export function spansText(spans: readonly Span[]): string {
  return spans.map((span) => (span.kind === 'text' ? span.text : `[${span.number}]`)).join('');
}

function plain(text: string): Span {
  return { kind: 'text', text, strong: false, em: false };
}
