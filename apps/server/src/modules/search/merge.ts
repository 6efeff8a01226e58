import type { SearchCatalogue } from '@quire/contracts';
import { BIBLIOGRAPHIC_FIELDS, type BibliographicFields, normaliseTitle, type PaperRecord } from './paper-record';

/** Whose word counts first for a field the catalogues disagree on: curated metadata before harvested. */
const PRIORITY: SearchCatalogue[] = ['crossref', 'openalex', 'semanticscholar', 'arxiv'];

/**
 * Records of the same paper from several catalogues become one: they are the same when they share a DOI,
 * an arXiv id or a normalised title (a preprint and its journal version join through a catalogue that knows
 * both ids). Fields are combined: the published version's details and fullest abstract, the highest citation
 * count, an open PDF from any.
 * Order follows each paper's first appearance.
 */
export function mergeRecords(records: PaperRecord[]): PaperRecord[] {
  const parent = records.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] as number;
    parent[index] = root;
    return root;
  };
  const owners = new Map<string, number>();
  records.forEach((record, index) => {
    for (const key of keysOf(record)) {
      const owner = owners.get(key);
      if (owner === undefined) owners.set(key, index);
      else parent[find(index)] = find(owner);
    }
  });
  const groups = new Map<number, PaperRecord[]>();
  records.forEach((record, index) => {
    const root = find(index);
    groups.set(root, [...(groups.get(root) ?? []), record]);
  });
  return [...groups.values()].map(combine);
}

function keysOf(record: PaperRecord): string[] {
  const title = normaliseTitle(record.title);
  // Short titles ("Introduction", "Editorial") are shared by unrelated papers.
  const keys = title.split(' ').length >= 3 ? [`title:${title}`] : [];
  if (record.doi) keys.push(`doi:${record.doi}`);
  if (record.arxivId) keys.push(`arxiv:${record.arxivId}`);
  return keys;
}

function combine(group: PaperRecord[]): PaperRecord {
  const ordered = [...group].sort(
    (a, b) =>
      PRIORITY.indexOf(a.catalogues[0] as SearchCatalogue) - PRIORITY.indexOf(b.catalogues[0] as SearchCatalogue),
  );
  // A published version's details (DOI, year, venue, pages) describe the paper better than its preprint's.
  const published = ordered.filter((record) => !record.preprint);
  const preferred = published.length > 0 ? [...published, ...ordered.filter((record) => record.preprint)] : ordered;
  const first = <T>(pick: (record: PaperRecord) => T | null): T | null => {
    for (const record of preferred) {
      const value = pick(record);
      if (value !== null && value !== undefined) return value;
    }
    return null;
  };
  const counts = group.map((record) => record.citationCount).filter((count): count is number => count !== null);
  // The fullest abstract, from the published version when it has one (a preprint's may describe an earlier state).
  const withAbstract = group.filter((record) => record.abstract);
  const abstractSource = withAbstract.some((record) => !record.preprint)
    ? withAbstract.filter((record) => !record.preprint)
    : withAbstract;
  const abstracts = abstractSource.map((record) => record.abstract as string);
  const pdfRecord = preferred.find((record) => record.openAccess && record.pdfUrl);
  const authorRecord = preferred.find((record) => record.authors.length > 0);
  return {
    ...bibliographicFields(preferred, authorRecord),
    title: preferred[0]?.title ?? '',
    authors: authorRecord?.authors ?? [],
    year: first((record) => record.year),
    venue: first((record) => (record.preprint && published.length > 0 ? null : record.venue)),
    doi: first((record) => record.doi),
    arxivId: first((record) => record.arxivId),
    openalexId: first((record) => record.openalexId),
    s2Id: first((record) => record.s2Id),
    abstract: abstracts.sort((a, b) => b.length - a.length)[0] ?? null,
    openAccess: group.some((record) => record.openAccess),
    pdfUrl: pdfRecord?.pdfUrl ?? null,
    citationCount: counts.length > 0 ? Math.max(...counts) : null,
    citationPercentile: first((record) => record.citationPercentile),
    pages: first((record) => record.pages),
    kind: first((record) => record.kind),
    preprint: published.length === 0,
    retracted: group.some((record) => record.retracted),
    catalogues: [...new Set(group.flatMap((record) => record.catalogues))],
  };
}

/** Each bibliographic field from the first record that has it; the structured names go with `authors`. */
function bibliographicFields(preferred: PaperRecord[], authorRecord: PaperRecord | undefined): BibliographicFields {
  const fields: Record<string, unknown> = {};
  for (const field of BIBLIOGRAPHIC_FIELDS) {
    const from = field === 'authorNames' ? authorRecord : preferred.find((record) => isPresent(record[field]));
    if (from && isPresent(from[field])) fields[field] = from[field];
  }
  if (preferred[0]?.titleMarkup === undefined) delete fields.titleMarkup;
  return fields as BibliographicFields;
}

function isPresent(value: unknown): boolean {
  return value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);
}
