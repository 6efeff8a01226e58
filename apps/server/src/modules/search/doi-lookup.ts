import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { CatalogueError } from './catalogues/catalogue-http';
import type { ConnectorCall } from './catalogues/connector';
import { crossrefWorkByDoi } from './catalogues/crossref';
import { openAlexWorkByDoi } from './catalogues/openalex';
import { crossrefDoiRecord, type DoiRecord, openAlexDoiRecord } from './doi-record';
import { normaliseDoi } from './paper-record';
import type { SearchConfig } from './search.config';
import { readCachedDoi, writeCachedDoi } from './search.store';

export type DoiLookupDependencies = { db: Database; config: SearchConfig; logger?: FastifyBaseLogger };

/** "Not found" is kept shorter than a record: a DOI may be registered a few days after a PDF carries it. */
const NOT_FOUND_SECONDS = 86_400;

/**
 * Looks a DOI up in Crossref, then OpenAlex, through the search's connectors, cached like a search. Null
 * when neither knows it, or when neither could be reached (logged; the caller keeps what the PDF says).
 */
export async function lookupDoi(deps: DoiLookupDependencies, rawDoi: string): Promise<DoiRecord | null> {
  const doi = normaliseDoi(rawDoi);
  if (!doi) return null;
  const cached = await readCachedDoi(deps.db, doi);
  if (cached) return cached.record;
  const { record, answered } = await askCatalogues(deps, doi);
  if (answered) {
    const seconds = record ? deps.config.cacheSeconds : Math.min(deps.config.cacheSeconds, NOT_FOUND_SECONDS);
    await writeCachedDoi(deps.db, doi, { record }, seconds);
  }
  return record;
}

type Asked = { record: DoiRecord | null; answered: boolean };

/** Crossref first (it registers most DOIs); OpenAlex when Crossref does not know the DOI or fails. */
async function askCatalogues(deps: DoiLookupDependencies, doi: string): Promise<Asked> {
  const crossref = await ask(deps, 'crossref', (call) => crossrefWorkByDoi(deps.config, doi, call));
  const fromCrossref = crossref.work ? crossrefDoiRecord(doi, crossref.work) : null;
  if (fromCrossref) return { record: fromCrossref, answered: true };
  const openalex = deps.config.openalexApiKey
    ? await ask(deps, 'openalex', (call) => openAlexWorkByDoi(deps.config, doi, call))
    : { work: null, failed: false };
  const fromOpenAlex = openalex.work ? openAlexDoiRecord(doi, openalex.work) : null;
  return { record: fromOpenAlex, answered: fromOpenAlex !== null || (!crossref.failed && !openalex.failed) };
}

async function ask<T>(
  deps: DoiLookupDependencies,
  catalogue: string,
  lookup: (call: ConnectorCall) => Promise<T | null>,
): Promise<{ work: T | null; failed: boolean }> {
  const timeoutMs = deps.config.timeoutMs;
  try {
    return {
      work: await lookup({ signal: AbortSignal.timeout(timeoutMs), deadline: Date.now() + timeoutMs }),
      failed: false,
    };
  } catch (error) {
    const status = error instanceof CatalogueError ? error.status : 'failed';
    deps.logger?.warn({ err: error, catalogue, status }, 'DOI lookup gave no answer');
    return { work: null, failed: true };
  }
}
