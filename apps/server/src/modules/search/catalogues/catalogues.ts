import type { CatalogueStatus } from '@quire/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PaperRecord } from '../paper-record';
import type { SearchConfig } from '../search.config';
import { arxivConnector } from './arxiv';
import { CatalogueError } from './catalogue-http';
import type { CatalogueQuery, Connector } from './connector';
import { crossrefConnector } from './crossref';
import { openAlexConnector } from './openalex';
import { semanticScholarConnector } from './semantic-scholar';

export type Catalogues = { connectors: Connector[]; timeoutMs: number };

const instances = new WeakMap<SearchConfig, Catalogues>();

/**
 * The four catalogues of one server instance. One set per configuration, so arXiv's request spacing holds
 * for the whole instance, whichever feature (find sources, automatic research) searches.
 */
export function cataloguesFor(config: SearchConfig): Catalogues {
  const existing = instances.get(config);
  if (existing) return existing;
  const catalogues = {
    connectors: [
      openAlexConnector(config),
      crossrefConnector(config),
      arxivConnector(config),
      semanticScholarConnector(config),
    ],
    timeoutMs: config.timeoutMs,
  };
  instances.set(config, catalogues);
  return catalogues;
}

export type CatalogueAnswers = { records: PaperRecord[]; statuses: CatalogueStatus[] };

/**
 * Asks every configured catalogue at once, each with its own deadline: a slow or failing one reports its
 * status and costs the others nothing. Records come back in the connectors' order.
 */
export async function queryCatalogues(
  { connectors, timeoutMs }: Catalogues,
  query: CatalogueQuery,
  { logger, signal }: { logger?: FastifyBaseLogger; signal?: AbortSignal } = {},
): Promise<CatalogueAnswers> {
  const answers = await Promise.all(
    connectors.map(async (connector) => {
      if (!connector.enabled) return { status: 'skipped' as const, records: [] };
      const deadline = Date.now() + timeoutMs;
      const timeout = AbortSignal.timeout(timeoutMs);
      const callSignal = signal ? AbortSignal.any([timeout, signal]) : timeout;
      try {
        return { status: 'ok' as const, records: await connector.search(query, { signal: callSignal, deadline }) };
      } catch (error) {
        const status = error instanceof CatalogueError ? error.status : 'failed';
        logger?.warn({ err: error, catalogue: connector.catalogue, status }, 'academic catalogue gave no answer');
        return { status, records: [] };
      }
    }),
  );
  return {
    records: answers.flatMap((answer) => answer.records),
    statuses: connectors.map((connector, index) => ({
      catalogue: connector.catalogue,
      status: answers[index]?.status ?? 'failed',
      count: answers[index]?.records.length ?? 0,
    })),
  };
}
