import MarkdownIt, { type Token } from 'markdown-it';

/**
 * Markdown → HTML for blog articles, with markdown-it's CommonMark. Raw HTML in an article shows as text
 * (html: false) and images are off, so the only markup written is the allow-list below; a link goes only to
 * the web, an e-mail address or a path of this site.
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
  code: ['class'],
  hr: [],
  br: [],
  strong: [],
  em: [],
  a: ['href', 'title', 'rel'],
};

const WORDS_PER_MINUTE = 220;

const markdown = new MarkdownIt('commonmark', { html: false, xhtmlOut: false }).disable('image');
// Every link is parsed, so that one to a refused target keeps its text (stripLinks) instead of its syntax.
markdown.validateLink = () => true;
markdown.core.ruler.push('strip_refused_links', (state) => {
  for (const block of state.tokens) if (block.children) block.children = stripLinks(block.children);
});
// The article's title is its page's h1, so `#` headings become h2.
markdown.core.ruler.push('demote_h1', (state) => {
  for (const token of state.tokens) if (token.tag === 'h1') token.tag = 'h2';
});
const renderToken = markdown.renderer.renderToken.bind(markdown.renderer);
markdown.renderer.rules.link_open = (tokens, index, options) => {
  const token = tokens[index] as Token;
  if (/^(https?:)?\/\//i.test(hrefOf(token))) token.attrSet('rel', 'noopener noreferrer');
  return renderToken(tokens, index, options);
};

/** Renders an article's Markdown body (without the line break markdown-it ends it with). */
export function renderMarkdown(text: string): string {
  return markdown.render(text).trimEnd();
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

/**
 * A link to the web (http, https), an e-mail address, a path of this site or an anchor; any other target
 * (javascript:, data:, //host, …) leaves its text without a link.
 */
function isAllowedTarget(href: string): boolean {
  return (
    /^https?:\/\/[^\s/]/i.test(href) ||
    /^mailto:[^\s]+@/i.test(href) ||
    /^\/(?!\/)/.test(href) ||
    /^#[\w-]+$/.test(href)
  );
}

function hrefOf(link: Token): string {
  return String(link.attrGet('href') ?? '');
}

/** Inline tokens without the links to refused targets (their text stays). */
function stripLinks(tokens: Token[]): Token[] {
  const kept: Token[] = [];
  // Whether each open link was kept, so its close is kept or dropped with it.
  const open: boolean[] = [];
  for (const token of tokens) {
    if (token.type === 'link_open') {
      const allowed = isAllowedTarget(hrefOf(token));
      open.push(allowed);
      if (allowed) kept.push(token);
    } else if (token.type === 'link_close') {
      if (open.pop()) kept.push(token);
    } else {
      kept.push(token);
    }
  }
  return kept;
}
