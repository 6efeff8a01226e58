import type { SearchCatalogue } from '@quire/contracts';
import type { PaperRecord } from '../paper-record';

/** What a catalogue is asked: the words and the filters it can apply itself. */
export type CatalogueQuery = {
  query: string;
  yearFrom?: number;
  yearTo?: number;
  openAccess: boolean;
  limit: number;
};

export type ConnectorCall = { signal: AbortSignal; deadline: number };

/** One academic catalogue behind the interface the search uses; `enabled` is false when it lacks configuration. */
export type Connector = {
  catalogue: SearchCatalogue;
  enabled: boolean;
  search: (query: CatalogueQuery, call: ConnectorCall) => Promise<PaperRecord[]>;
};

/** The words of a query, without the operators and punctuation a catalogue's syntax would read. */
export function queryWords(query: string): string[] {
  return query
    .replace(/[^\p{L}\p{N}\s-]+/gu, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0);
}
