import { plugins } from '@citation-js/core';
import type { CitationStyle, LocaleCode } from '@quire/contracts';
import type { ToolSource } from '../generation/engine-types';
import { cslSetup, toCslEntry } from './citations.csl';

/** One work cited at one place: which source, and the page or page range when known ("4", "4–5"). */
export type CiteItem = { sourceId: string; locator: string | null };

export type RenderedCitations = {
  /** One Markdown in-text citation per group asked for, in the same order. */
  inText: string[];
  /** The reference list entries (Markdown) of exactly the cited sources, in the style's order. */
  references: string[];
};

/**
 * Renders in-text citations and the reference list in one pass of citeproc, so numbering (numeric
 * styles, in order of first use) and disambiguation ("2020a") agree between the text and the list.
 * Only the cited sources enter the list.
 */
export function renderCitations({
  style,
  language,
  sources,
  groups,
  unknownAuthor,
}: {
  style: CitationStyle;
  language: LocaleCode;
  sources: readonly ToolSource[];
  groups: readonly (readonly CiteItem[])[];
  unknownAuthor: string;
}): RenderedCitations {
  const cited = new Set(groups.flat().map((item) => item.sourceId));
  const entries = sources.filter((source) => cited.has(source.id)).map((source) => toCslEntry(source, unknownAuthor));
  if (entries.length === 0) return { inText: groups.map(() => ''), references: [] };
  const { template, lang } = cslSetup(style, language);
  const engine = plugins.config.get('@csl').engine(entries, template, lang, 'html');
  const known = new Set(entries.map((entry) => entry.id));
  const rendered = engine.rebuildProcessorState(
    groups.map((group) => ({
      citationItems: group
        .filter((item) => known.has(item.sourceId))
        .map((item) => ({ id: item.sourceId, ...(item.locator ? { locator: item.locator, label: 'page' } : {}) })),
      properties: { noteIndex: 0 },
    })),
    'html',
    [],
  );
  const bibliography = engine.makeBibliography();
  return {
    inText: rendered.map(([, , html]) => inTextMarkdown(html)),
    references: bibliography ? bibliography[1].map(referenceMarkdown) : [],
  };
}

/** The page locator of a passage: "4" or "4–5"; null for sources without pages. */
export function pageLocator(pageStart: number | null, pageEnd: number | null): string | null {
  if (pageStart === null) return null;
  return pageEnd === null || pageEnd === pageStart ? String(pageStart) : `${pageStart}–${pageEnd}`;
}

function inTextMarkdown(html: string): string {
  return htmlToMarkdown(html);
}

function referenceMarkdown(html: string): string {
  return htmlToMarkdown(html.replace(/<div class="csl-left-margin">(.*?)<\/div>/s, '$1 '))
    .replace(/ {2,}/g, ' ')
    .trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** citeproc's HTML as Markdown: italics and bold kept, other markup dropped, entities decoded. */
export function htmlToMarkdown(html: string): string {
  return html
    .replace(/\*/g, '\\*')
    .replace(/<span style="font-style:normal;">(.*?)<\/span>/gs, '$1')
    .replace(/<i>(.*?)<\/i>/gs, (_match, inner: string) => (inner.trim() ? `*${inner}*` : inner))
    .replace(/<b>(.*?)<\/b>/gs, (_match, inner: string) => (inner.trim() ? `**${inner}**` : inner))
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_match, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&(\w+);/g, (match, name: string) => ENTITIES[name] ?? match)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}
