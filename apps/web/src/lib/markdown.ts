import type { Citation } from '@quire/contracts';
import MarkdownIt, { type Token } from 'markdown-it';

/** A run of a line: plain, bold or italic text, or a `[n]` reference to `citations[n - 1]`. */
export type Span =
  | { kind: 'text'; text: string; strong: boolean; em: boolean }
  | { kind: 'cite'; number: number; citation: Citation };

/**
 * A block of a generated text. Results are Markdown, read by markdown-it (CommonMark); this is the part of it
 * the tools write — headings, paragraphs, lists, quotes and the engine's note (a paragraph in underscores).
 * Everything stays text: the renderer makes React elements (or DOCX paragraphs) of it, never HTML.
 */
export type MarkdownBlock =
  | { kind: 'heading'; level: number; spans: Span[] }
  | { kind: 'paragraph'; lines: Span[][] }
  | { kind: 'list'; ordered: boolean; items: Span[][] }
  | { kind: 'quote'; lines: Span[][] }
  | { kind: 'note'; text: string };

// Raw HTML stays text; images and reference definitions are not what a tool writes (`[1]: …` stays text).
const markdown = new MarkdownIt('commonmark', { html: false }).disable(['image', 'reference']);

const CITATION = /\[(\d{1,3})\]/g;

type Container = Extract<MarkdownBlock, { kind: 'list' | 'quote' }>;

/**
 * Splits a text into blocks. A list or quote inside another is flattened into the outer one: its items
 * follow as items (or lines), the way the old line-based reader showed them.
 */
export function parseMarkdown(text: string, citations: readonly Citation[] = []): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  // The outermost open list or quote, and how deep inside it the walk is.
  let outer: Container | null = null;
  let depth = 0;
  // The level of the heading whose text comes next (markdown-it puts it between heading_open and _close).
  let heading = 0;
  for (const token of markdown.parse(text, {})) {
    if (token.type === 'heading_open') {
      heading = Number(token.tag.slice(1));
    } else if (token.type === 'heading_close') {
      heading = 0;
    } else if (
      token.type === 'bullet_list_open' ||
      token.type === 'ordered_list_open' ||
      token.type === 'blockquote_open'
    ) {
      if (!outer) {
        outer =
          token.type === 'blockquote_open'
            ? { kind: 'quote', lines: [] }
            : { kind: 'list', ordered: token.type === 'ordered_list_open', items: [] };
        blocks.push(outer);
      }
      depth += 1;
    } else if (
      token.type === 'bullet_list_close' ||
      token.type === 'ordered_list_close' ||
      token.type === 'blockquote_close'
    ) {
      depth -= 1;
      if (depth === 0) outer = null;
    } else if (token.type === 'list_item_open' && outer?.kind === 'list') {
      outer.items.push([]);
    } else {
      const lines = blockLines(token, citations);
      if (!lines) continue;
      if (outer) addToContainer(outer, lines);
      else blocks.push(topLevelBlock(token, lines, heading));
    }
  }
  return blocks;
}

/** A line's spans: `**bold**`, `*italic*`, and `[n]` where `citations[n - 1]` exists (else it stays text). */
export function parseSpans(text: string, citations: readonly Citation[] = []): Span[] {
  return inlineLines(markdown.parseInline(text, {})[0]?.children ?? [], citations).flatMap((line, index) =>
    index > 0 ? [plain(' '), ...line] : line,
  );
}

/** The text of spans, without emphasis marks (for DOCX runs and labels). */
export function spansText(spans: readonly Span[]): string {
  return spans.map((span) => (span.kind === 'text' ? span.text : `[${span.number}]`)).join('');
}

/** The lines of a block that holds text (a heading, a paragraph, code); null for any other token. */
function blockLines(token: Token, citations: readonly Citation[]): Span[][] | null {
  if (token.type === 'inline') return inlineLines(token.children ?? [], citations);
  if (token.type === 'fence' || token.type === 'code_block') {
    return token.content
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => [plain(line)]);
  }
  return null;
}

/** A heading, the engine's note (a paragraph that is one run in underscores) or a paragraph. */
function topLevelBlock(token: Token, lines: Span[][], headingLevel: number): MarkdownBlock {
  if (token.type !== 'inline') return { kind: 'paragraph', lines };
  if (headingLevel > 0) return { kind: 'heading', level: headingLevel, spans: lines.flat() };
  const note = noteText(token);
  if (note !== null) return { kind: 'note', text: note };
  return { kind: 'paragraph', lines };
}

/** A quote gets every line, paragraphs apart by an empty line; a list item gets one line of text. */
function addToContainer(container: Container, lines: Span[][]): void {
  if (container.kind === 'quote') {
    if (container.lines.length > 0) container.lines.push([]);
    container.lines.push(...lines);
    return;
  }
  const item = container.items.at(-1) ?? [];
  if (container.items.length === 0) container.items.push(item);
  for (const line of lines) {
    if (item.length > 0) appendSpan(item, plain(' '));
    for (const span of line) appendSpan(item, span);
  }
}

/** Adds a span to a line, joined to the text before it when both look the same. */
function appendSpan(line: Span[], span: Span): void {
  const previous = line.at(-1);
  if (span.kind === 'text' && span.text === '') return;
  if (span.kind === 'text' && previous?.kind === 'text' && previous.strong === span.strong && previous.em === span.em)
    previous.text += span.text;
  else line.push(span.kind === 'text' ? { ...span } : span);
}

function noteText(inline: Token): string | null {
  const children = inline.children ?? [];
  const first = children[0];
  const last = children.at(-1);
  if (first?.type !== 'em_open' || first.markup !== '_' || last?.type !== 'em_close' || children.length < 3)
    return null;
  // The whole paragraph is one emphasis: no other em closes before the end.
  const inner = children.slice(1, -1);
  if (inner.some((child) => child.type === 'em_close' || child.type === 'softbreak' || child.type === 'hardbreak'))
    return null;
  return inner
    .map((child) => child.content)
    .join('')
    .trim();
}

/** Inline tokens as lines of spans: emphasis marks what it holds, a line break starts a new line. */
function inlineLines(children: readonly Token[], citations: readonly Citation[]): Span[][] {
  const lines: Span[][] = [[]];
  let strong = 0;
  let em = 0;
  const add = (text: string) =>
    appendSpan(lines.at(-1) as Span[], { kind: 'text', text, strong: strong > 0, em: em > 0 });
  for (const child of children) {
    if (child.type === 'strong_open' || child.type === 'strong_close') strong += child.nesting;
    else if (child.type === 'em_open' || child.type === 'em_close') em += child.nesting;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') lines.push([]);
    else if (child.type === 'link_close') add(linkTarget(children, child));
    else if (child.type === 'text' || child.type === 'code_inline') add(child.content);
  }
  return lines.map((line) => line.flatMap((span) => withCitations(span, citations)));
}

/** A link shows its text and then its target, unless the text is the target. */
function linkTarget(children: readonly Token[], close: Token): string {
  const closeIndex = children.indexOf(close);
  let openIndex = closeIndex;
  while (openIndex > 0 && children[openIndex]?.type !== 'link_open') openIndex -= 1;
  const href = String(children[openIndex]?.attrGet('href') ?? '');
  const label = children
    .slice(openIndex + 1, closeIndex)
    .map((child) => child.content)
    .join('');
  return href && label !== href && `mailto:${label}` !== href ? ` (${href})` : '';
}

/** A text span split around its `[n]` references to citations that exist. */
function withCitations(span: Span, citations: readonly Citation[]): Span[] {
  if (span.kind !== 'text') return [span];
  const spans: Span[] = [];
  let last = 0;
  for (const match of span.text.matchAll(CITATION)) {
    const number = Number(match[1]);
    const citation = citations[number - 1];
    if (!citation) continue;
    if (match.index > last) spans.push({ ...span, text: span.text.slice(last, match.index) });
    spans.push({ kind: 'cite', number, citation });
    last = match.index + match[0].length;
  }
  if (last === 0) return [span];
  if (last < span.text.length) spans.push({ ...span, text: span.text.slice(last) });
  return spans;
}

function plain(text: string): Span {
  return { kind: 'text', text, strong: false, em: false };
}
