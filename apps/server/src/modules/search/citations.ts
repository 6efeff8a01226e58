import type { CslEntry } from '@citation-js/core';
import type { ExportFormat } from '@quire/contracts';
import { formatBibtex, looksLikeBibtex, parseBibtex } from '../citations/bibtex';
import { cslToRecord, recordToCsl } from '../citations/csl-record';
import { formatRis, looksLikeRis, parseRis } from '../citations/ris';
import type { PaperRecord } from './paper-record';

export type CitationFormat = ExportFormat;

/**
 * Papers as a BibTeX, BibLaTeX, RIS or CSL-JSON file, e.g. for Zotero, Citavi or EndNote. Every format is
 * written from the same CSL-JSON items, so names and fields agree between them.
 */
export function formatCitations(papers: { id: string; record: PaperRecord }[], format: CitationFormat): string {
  const entries = papers.map(({ id, record }) => recordToCsl(id, record));
  switch (format) {
    case 'ris':
      return formatRis(entries);
    case 'csl-json':
      return `${JSON.stringify(entries, null, 2)}\n`;
    case 'bibtex':
    case 'biblatex':
      return formatBibtex(entries, format);
  }
}

/**
 * The entries of a BibTeX, BibLaTeX, RIS or CSL-JSON file (told apart by their content); throws when the
 * text is none of them.
 */
export async function parseCitations(text: string): Promise<PaperRecord[]> {
  const content = text.replace(/^\uFEFF/, '');
  return readEntries(content).flatMap((entry) => {
    const record = cslToRecord(entry);
    return record ? [record] : [];
  });
}

function readEntries(text: string): CslEntry[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) return parseCslJson(trimmed);
  if (looksLikeRis(trimmed)) return parseRis(trimmed);
  if (looksLikeBibtex(trimmed)) return parseBibtex(trimmed);
  throw new Error('Neither BibTeX, RIS nor CSL-JSON');
}

/** A CSL-JSON array of items, or one item; anything else throws. */
function parseCslJson(text: string): CslEntry[] {
  const data: unknown = JSON.parse(text);
  const items = Array.isArray(data) ? data : [data];
  if (!items.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))) {
    throw new Error('CSL-JSON holds items that are no objects');
  }
  return items as CslEntry[];
}
