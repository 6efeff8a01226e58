import { Cite, type CslEntry, type CslName } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { normaliseArxivId, normaliseDoi, type PaperRecord, plainAbstract } from './paper-record';

export type CitationFormat = 'bibtex' | 'ris';

const CSL_TYPES: Record<string, string> = {
  'journal-article': 'article-journal',
  article: 'article-journal',
  review: 'article-journal',
  'proceedings-article': 'paper-conference',
  'book-chapter': 'chapter',
  book: 'book',
  preprint: 'article',
  'posted-content': 'article',
  dataset: 'dataset',
  dissertation: 'thesis',
  'reference-entry': 'entry-encyclopedia',
  webpage: 'webpage',
};
const KINDS = Object.fromEntries(
  Object.entries(CSL_TYPES)
    .filter(([kind]) => !['article', 'review', 'posted-content'].includes(kind))
    .map(([kind, type]) => [type, kind]),
);

/** Papers as a BibTeX or RIS file, e.g. for Zotero, Citavi or EndNote. */
export function formatCitations(papers: { id: string; record: PaperRecord }[], format: CitationFormat): string {
  return new Cite(papers.map(({ id, record }) => toCsl(id, record))).format(format);
}

/** The entries of a BibTeX or RIS file (detected from its content); throws when it is neither. */
export async function parseCitations(text: string): Promise<PaperRecord[]> {
  const cite = await Cite.async(text);
  return cite.data.flatMap((entry) => {
    const record = fromCsl(entry);
    return record ? [record] : [];
  });
}

function toCsl(id: string, record: PaperRecord): CslEntry {
  return {
    id,
    type: CSL_TYPES[record.kind ?? ''] ?? 'article',
    title: record.title,
    author: record.authors.map(splitName),
    ...(record.year ? { issued: { 'date-parts': [[record.year]] } } : {}),
    ...(record.venue ? { 'container-title': record.venue } : {}),
    ...(record.doi ? { DOI: record.doi } : {}),
    ...(record.pages ? { page: record.pages.replace('–', '-') } : {}),
    ...(record.abstract ? { abstract: record.abstract } : {}),
    ...(record.pdfUrl || record.doi ? { URL: record.pdfUrl ?? `https://doi.org/${record.doi}` } : {}),
  };
}

/** "Andrés M. Bran" → given "Andrés M.", family "Bran"; a single word stays a literal name. */
function splitName(name: string): CslName {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return { literal: name };
  return { given: parts.slice(0, -1).join(' '), family: parts.at(-1) };
}

function fromCsl(entry: CslEntry): PaperRecord | null {
  const title = plainAbstract(String(entry.title ?? ''));
  if (!title) return null;
  const year = Number(entry.issued?.['date-parts']?.[0]?.[0]);
  const url = typeof entry.URL === 'string' ? entry.URL : null;
  const doi = normaliseDoi(typeof entry.DOI === 'string' ? entry.DOI : null);
  const arxivFromDoi = doi?.startsWith('10.48550/arxiv.') ? normaliseArxivId(doi) : null;
  return {
    title,
    authors: (entry.author ?? [])
      .map((name) => (name.literal ?? [name.given, name.family].filter(Boolean).join(' ')).trim())
      .filter(Boolean),
    year: Number.isInteger(year) && year > 0 ? year : null,
    venue: typeof entry['container-title'] === 'string' ? entry['container-title'] : null,
    doi,
    arxivId: arxivFromDoi,
    openalexId: null,
    s2Id: null,
    abstract: plainAbstract(typeof entry.abstract === 'string' ? entry.abstract : null),
    openAccess: false,
    pdfUrl: url && /\.pdf(\?|$)/i.test(url) ? url : null,
    citationCount: null,
    citationPercentile: null,
    pages: typeof entry.page === 'string' ? entry.page.replace(/-+/, '–') : null,
    kind: KINDS[entry.type ?? ''] ?? null,
    preprint: entry.type === 'article' && !entry['container-title'],
    retracted: false,
    catalogues: [],
  };
}
