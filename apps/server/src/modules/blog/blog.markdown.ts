/**
 * Markdown → HTML for blog articles. No Markdown parser is installed, so this renders the CommonMark subset the
 * articles use — ATX headings, paragraphs, nested bullet and numbered lists, block quotes, fenced code, rules,
 * emphasis, code spans, links and hard breaks — and it is sanitising by construction: every piece of source text
 * is escaped, and the only markup written is the allow-list below with the attributes it names. Raw HTML in an
 * article shows as text.
 */

/** Every tag the renderer writes, with the attributes each may carry. Tests hold the output to it. */
export const ALLOWED_TAGS: Readonly<Record<string, readonly string[]>> = {
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  pre: [],
  code: [],
  hr: [],
  br: [],
  strong: [],
  em: [],
  a: ['href', 'title', 'rel'],
};

const WORDS_PER_MINUTE = 220;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Renders an article's Markdown body. The article's title is its page's h1, so `#` headings become h2. */
export function renderMarkdown(markdown: string): string {
  return renderBlocks(markdown.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'));
}

/** Words a reader reads: the text without Markdown's syntax. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/[#>*_`[\]|]+/g, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes to read at an unhurried pace, at least one. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.round(countWords(markdown) / WORDS_PER_MINUTE));
}

const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const BULLET = /^( {0,3})([-*+])\s+(.*)$/;
const NUMBERED = /^( {0,3})(\d{1,9})([.)])\s+(.*)$/;

type ListMarker = { ordered: boolean; indent: number; start: number; content: string };

function listMarker(line: string): ListMarker | null {
  const bullet = BULLET.exec(line);
  if (bullet) return { ordered: false, indent: (bullet[1] ?? '').length + 2, start: 1, content: bullet[3] ?? '' };
  const numbered = NUMBERED.exec(line);
  if (!numbered) return null;
  const indent = (numbered[1] ?? '').length + (numbered[2] ?? '').length + 2;
  return { ordered: true, indent, start: Number(numbered[2]), content: numbered[4] ?? '' };
}

const isBlank = (line: string | undefined) => line === undefined || line.trim() === '';

/** A line that ends a paragraph because another block starts on it. */
function startsBlock(line: string): boolean {
  return HEADING.test(line) || RULE.test(line) || FENCE.test(line) || QUOTE.test(line) || listMarker(line) !== null;
}

function renderBlocks(lines: string[]): string {
  const html: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (isBlank(line)) {
      index += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      index = renderFence(lines, index, fence[1] ?? '```', html);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.max(2, heading[1]?.length ?? 2);
      html.push(`<h${level}>${renderInline(heading[2] ?? '')}</h${level}>`);
      index += 1;
      continue;
    }
    if (RULE.test(line)) {
      html.push('<hr>');
      index += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length && !isBlank(lines[index]) && QUOTE.test(lines[index] ?? '')) {
        quoted.push(QUOTE.exec(lines[index] ?? '')?.[1] ?? '');
        index += 1;
      }
      html.push(`<blockquote>${renderBlocks(quoted)}</blockquote>`);
      continue;
    }
    const marker = listMarker(line);
    if (marker) {
      index = renderList(lines, index, marker, html);
      continue;
    }
    const paragraph: string[] = [];
    while (
      index < lines.length &&
      !isBlank(lines[index]) &&
      (paragraph.length === 0 || !startsBlock(lines[index] ?? ''))
    ) {
      paragraph.push(lines[index] ?? '');
      index += 1;
    }
    html.push(`<p>${renderLines(paragraph)}</p>`);
  }
  return html.join('\n');
}

function renderFence(lines: string[], start: number, opener: string, html: string[]): number {
  const closing = new RegExp(`^ {0,3}${opener[0] === '`' ? '`' : '~'}{${opener.length},}\\s*$`);
  const code: string[] = [];
  let index = start + 1;
  while (index < lines.length && !closing.test(lines[index] ?? '')) {
    code.push(lines[index] ?? '');
    index += 1;
  }
  html.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
  return index + 1;
}

/**
 * A list and its items. An item holds its first line and every following line indented past its marker (or
 * continuing its paragraph); that content is rendered as blocks again, which is how lists nest. A list whose items
 * are single paragraphs is tight: its items hold text, not <p>.
 */
function renderList(lines: string[], start: number, first: ListMarker, html: string[]): number {
  const items: string[][] = [];
  let index = start;
  let loose = false;
  while (index < lines.length) {
    const marker = listMarker(lines[index] ?? '');
    if (!marker || marker.ordered !== first.ordered) break;
    const item = [marker.content];
    index += 1;
    while (index < lines.length) {
      const line = lines[index] ?? '';
      if (isBlank(line)) {
        const next = lines[index + 1];
        if (!isBlank(next) && indentOf(next ?? '') >= marker.indent) {
          item.push('');
          index += 1;
          continue;
        }
        break;
      }
      const indented = indentOf(line) >= marker.indent;
      if (!indented && (startsBlock(line) || isBlank(item.at(-1)))) break;
      item.push(indented ? line.slice(marker.indent) : line);
      index += 1;
    }
    items.push(item);
    // A blank line between two items makes the list loose.
    if (isBlank(lines[index]) && listMarker(lines[index + 1] ?? '')?.ordered === first.ordered) {
      loose = true;
      index += 1;
    }
  }
  const tag = first.ordered ? 'ol' : 'ul';
  const startAttribute = first.ordered && first.start !== 1 ? ` start="${first.start}"` : '';
  const rendered = items.map((item) => {
    const body = renderBlocks(item);
    const tight = !loose && /^<p>[\s\S]*?<\/p>(?=\n<(?:ul|ol)>|$)/.test(body);
    return `<li>${tight ? body.replace(/^<p>([\s\S]*?)<\/p>/, '$1') : body}</li>`;
  });
  html.push(`<${tag}${startAttribute}>\n${rendered.join('\n')}\n</${tag}>`);
  return index;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** A paragraph's lines: two trailing spaces or a backslash at a line's end is a hard break. */
function renderLines(lines: string[]): string {
  return lines
    .map((line, position) => {
      const last = position === lines.length - 1;
      const hardBreak = !last && (/ {2,}$/.test(line) || /\\$/.test(line));
      const text = hardBreak ? line.replace(/(?: {2,}|\\)$/, '') : line;
      return `${renderInline(text.trim())}${hardBreak ? '<br>' : ''}`;
    })
    .join('\n');
}

type InlineRule = { pattern: RegExp; render: (match: RegExpExecArray) => string };

const INLINE_RULES: InlineRule[] = [
  { pattern: /\\([!-/:-@[-`{-~])/y, render: (match) => escapeHtml(match[1] ?? '') },
  { pattern: /(`+)([\s\S]*?[^`])\1(?!`)/y, render: (match) => `<code>${escapeHtml((match[2] ?? '').trim())}</code>` },
  {
    pattern: /<(https?:\/\/[^\s<>]+|mailto:[^\s<>]+)>/y,
    render: (match) => link(match[1] ?? '', escapeHtml(match[1] ?? '')),
  },
  {
    pattern:
      /\[((?:[^[\]\\]|\\.|\[[^\]]*\])*)\]\(\s*<?([^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)>?(?:\s+"([^"]*)")?\s*\)/y,
    render: (match) => link(match[2] ?? '', renderInline(match[1] ?? ''), match[3]),
  },
  { pattern: /\*\*(?=\S)([\s\S]*?\S)\*\*/y, render: (match) => `<strong>${renderInline(match[1] ?? '')}</strong>` },
  {
    pattern: /__(?=\S)([\s\S]*?\S)__(?![\p{L}\p{N}])/uy,
    render: (match) => `<strong>${renderInline(match[1] ?? '')}</strong>`,
  },
  { pattern: /\*(?=[^\s*])([\s\S]*?[^\s*])\*/y, render: (match) => `<em>${renderInline(match[1] ?? '')}</em>` },
  {
    pattern: /_(?=[^\s_])([\s\S]*?[^\s_])_(?![\p{L}\p{N}])/uy,
    render: (match) => `<em>${renderInline(match[1] ?? '')}</em>`,
  },
];

/** Where an inline construct may begin; `_` only at the start of a word, so snake_case stays text. */
function mayStartAt(text: string, position: number): boolean {
  const character = text[position];
  if (character === '_') return position === 0 || !/[\p{L}\p{N}]/u.test(text[position - 1] ?? '');
  return character === '\\' || character === '`' || character === '<' || character === '[' || character === '*';
}

function renderInline(text: string): string {
  let html = '';
  let plain = '';
  let position = 0;
  while (position < text.length) {
    const rendered = mayStartAt(text, position) ? matchRule(text, position) : null;
    if (rendered) {
      html += escapeHtml(plain) + rendered.html;
      plain = '';
      position = rendered.end;
    } else {
      plain += text[position];
      position += 1;
    }
  }
  return html + escapeHtml(plain);
}

function matchRule(text: string, position: number): { html: string; end: number } | null {
  for (const rule of INLINE_RULES) {
    rule.pattern.lastIndex = position;
    const match = rule.pattern.exec(text);
    // The end is taken before rendering: rendering the inside reuses these (sticky) patterns.
    if (match) return { end: position + match[0].length, html: rule.render(match) };
  }
  return null;
}

/**
 * A link to the web (http, https), an e-mail address or a path of this site; any other scheme (javascript:,
 * data:, …) leaves its text without a link. Links off the site carry rel="noopener noreferrer".
 */
function link(target: string, label: string, title?: string): string {
  const href = target.trim();
  const external = /^(https?:)?\/\//i.test(href);
  const allowed =
    /^https?:\/\/[^\s/]/i.test(href) ||
    /^mailto:[^\s]+@/i.test(href) ||
    /^\/(?!\/)/.test(href) ||
    /^#[\w-]+$/.test(href);
  if (!allowed) return label;
  const titleAttribute = title ? ` title="${escapeHtml(title)}"` : '';
  const rel = external ? ' rel="noopener noreferrer"' : '';
  return `<a href="${escapeHtml(href)}"${titleAttribute}${rel}>${label}</a>`;
}
