import { setTimeout as sleep } from 'node:timers/promises';
import { XMLParser } from 'fast-xml-parser';
import { emptyRecord, normaliseArxivId, normaliseDoi, type PaperRecord, plainAbstract } from '../paper-record';
import type { SearchConfig } from '../search.config';
import { CatalogueError, fetchCatalogue, readText } from './catalogue-http';
import { type CatalogueQuery, type Connector, queryWords } from './connector';

/** arXiv's API terms: no more than one request every three seconds. */
export const ARXIV_INTERVAL_MS = 3_000;
/** arXiv ANDs the terms; a long question would match nothing, so only its first words are used. */
const MAX_TERMS = 6;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['entry', 'author', 'link', 'category'].includes(name),
  textNodeName: 'text',
});

type AtomLink = { href?: string; rel?: string; type?: string; title?: string };
type AtomEntry = {
  id?: string;
  title?: string;
  summary?: string;
  published?: string;
  author?: { name?: string }[];
  link?: AtomLink[];
  'arxiv:doi'?: string | { text?: string };
  'arxiv:journal_ref'?: string | { text?: string };
};

/** arXiv's Atom API `/query?search_query=all:…`, spaced to one request per three seconds per instance. */
export function arxivConnector(config: SearchConfig, intervalMs = ARXIV_INTERVAL_MS): Connector {
  let nextSlot = 0;
  return {
    catalogue: 'arxiv',
    enabled: true,
    search: async (query, call) => {
      const now = Date.now();
      const slot = Math.max(now, nextSlot);
      if (slot >= call.deadline) throw new CatalogueError('rate_limited', 'arXiv allows one request every 3 s');
      nextSlot = slot + intervalMs;
      if (slot > now)
        await sleep(slot - now, undefined, { signal: call.signal }).catch(() => {
          throw new CatalogueError('timeout', 'waiting for the arXiv request slot took too long');
        });
      const response = await fetchCatalogue(arxivUrl(config, query), call);
      return parseArxivFeed(await readText(response, call.signal));
    },
  };
}

function arxivUrl(config: SearchConfig, query: CatalogueQuery): URL {
  const url = new URL(`${config.arxivUrl.replace(/\/$/, '')}/query`);
  const terms = queryWords(query.query)
    .slice(0, MAX_TERMS)
    .map((word) => `all:${word}`);
  if (query.yearFrom || query.yearTo) {
    const from = query.yearFrom ? `${query.yearFrom}01010000` : '190001010000';
    const to = query.yearTo ? `${query.yearTo}12312359` : '300012312359';
    terms.push(`submittedDate:[${from} TO ${to}]`);
  }
  url.searchParams.set('search_query', terms.join(' AND '));
  url.searchParams.set('sortBy', 'relevance');
  url.searchParams.set('sortOrder', 'descending');
  url.searchParams.set('start', '0');
  url.searchParams.set('max_results', String(query.limit));
  return url;
}

/** An Atom feed (arXiv API User's Manual §3.3) → records; every arXiv paper is open access. */
export function parseArxivFeed(xml: string): PaperRecord[] {
  const feed = parser.parse(xml) as { feed?: { entry?: AtomEntry[] } };
  return (feed.feed?.entry ?? []).flatMap((entry) => {
    const record = parseArxivEntry(entry);
    return record ? [record] : [];
  });
}

function parseArxivEntry(entry: AtomEntry): PaperRecord | null {
  const title = oneLine(text(entry.title));
  const arxivId = normaliseArxivId(text(entry.id));
  if (!title || !arxivId) return null;
  const record = emptyRecord('arxiv', title);
  const journalRef = oneLine(text(entry['arxiv:journal_ref']));
  record.arxivId = arxivId;
  record.doi = normaliseDoi(text(entry['arxiv:doi']));
  record.authors = (entry.author ?? []).map((author) => oneLine(author.name ?? '')).filter(Boolean);
  record.year = Number(text(entry.published).slice(0, 4)) || null;
  record.issuedDate = /^\d{4}-\d{2}-\d{2}/.exec(text(entry.published))?.[0] ?? null;
  record.url = `https://arxiv.org/abs/${arxivId}`;
  record.abstract = plainAbstract(text(entry.summary));
  record.openAccess = true;
  record.pdfUrl = (entry.link ?? []).find((link) => link.type === 'application/pdf')?.href ?? null;
  // A journal reference says a peer-reviewed version exists.
  record.preprint = !journalRef;
  record.venue = journalRef || 'arXiv';
  record.kind = journalRef ? 'journal-article' : 'preprint';
  return record;
}

function text(value: string | { text?: string } | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : (value.text ?? '');
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
