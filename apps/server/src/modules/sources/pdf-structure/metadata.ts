import type { DocumentStructure, MetadataOrigin, VerifiedMetadata } from '@quire/contracts';
import type { DoiRecord } from '../../search/doi-record';
import { normaliseText } from './header-accuracy';

/** Looks a DOI up in the catalogues: a record, or null when none knows it or none could be asked. */
export type DoiLookup = (doi: string) => Promise<DoiRecord | null>;

/**
 * A document's bibliographic data: from the catalogue record of the DOI printed in it when there is one
 * that matches the paper, else from the paper's own pages. Each field says where it came from. A lookup
 * that fails leaves the structure's fields, so an offline server still has a title and authors.
 */
export async function verifiedMetadata(structure: DocumentStructure, lookup: DoiLookup): Promise<VerifiedMetadata> {
  const record = structure.doi ? await lookup(structure.doi) : null;
  const trusted = record && describesThisPaper(record, structure) ? record : null;
  const pick = <T>(fromRecord: T | null | undefined, fromStructure: T | null) =>
    trusted && fromRecord !== null && fromRecord !== undefined
      ? { value: fromRecord, source: trusted.catalogue as MetadataOrigin }
      : { value: fromStructure, source: 'structure' as const };
  const authors =
    trusted && trusted.authors.length > 0
      ? { value: trusted.authors, source: trusted.catalogue as MetadataOrigin }
      : { value: structure.authors, source: 'structure' as const };
  return {
    doi: structure.doi,
    title: pick(trusted?.title, structure.title),
    authors,
    year: pick(trusted?.year, structure.year),
    venue: pick(trusted?.venue, null),
    volume: pick(trusted?.volume, null),
    issue: pick(trusted?.issue, null),
    pages: pick(trusted?.pages, null),
    publisher: pick(trusted?.publisher, null),
  };
}

/**
 * A DOI on a first page is nearly always the paper's own, but a "cite as" box or a cited work can put
 * another's there. The record is taken when its title shares most words with the title read from the page,
 * or an author's surname is on both; with nothing read from the page there is nothing to contradict it.
 */
function describesThisPaper(record: DoiRecord, structure: DocumentStructure): boolean {
  if (!structure.title && structure.authors.length === 0) return true;
  if (structure.title && record.title && wordOverlap(structure.title, record.title) >= 0.6) return true;
  const surnames = new Set(structure.authors.map(surname));
  return record.authors.some((author) => surnames.has(surname(author)));
}

function words(text: string): Set<string> {
  return new Set(
    normaliseText(text)
      .split(' ')
      .filter((word) => word.length > 2),
  );
}

function wordOverlap(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / Math.max(1, Math.min(left.size, right.size));
}

function surname(name: string): string {
  return normaliseText(name).split(' ').pop() ?? '';
}
