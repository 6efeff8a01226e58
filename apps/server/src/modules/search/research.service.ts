import { setTimeout as sleep } from 'node:timers/promises';
import type { LocaleCode, ResearchStage } from '@quire/contracts';
import { inArray } from 'drizzle-orm';
import { sources } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { JobWorker } from '../../jobs/worker';
import { addPaper } from './papers.service';
import { meetsMinimum } from './ratings';
import type { SearchDependencies } from './search.dependencies';
import { findRatedPapers, type RatedPaper } from './search.service';

/** How many sources automatic research gathers for one text. */
export const RESEARCH_SOURCES = 5;
/** Fewer usable sources than this and the writing cannot be grounded. */
export const RESEARCH_MIN_SOURCES = 2;
/** How long processing full texts may take before the research goes on with what is ready. */
const PROCESSING_TIMEOUT_MS = 120_000;
const POLL_MS = 250;

export type ResearchDependencies = SearchDependencies & { jobs: JobWorker };

/**
 * Automatic research for the writing tools' 'quality' source type: searches the catalogues for the topic,
 * keeps papers rated at least normal on all three counts (best first, open full texts preferred), adds
 * them to the user's library through the document service and waits until they are processed. Resolves
 * the ids of the usable sources; fails with `no_snippets_found_error` when too few could be found.
 */
export async function researchTopic(
  deps: ResearchDependencies,
  {
    userId,
    topic,
    locale,
    signal,
    onStage,
    count = RESEARCH_SOURCES,
  }: {
    userId: string;
    topic: string;
    locale: LocaleCode;
    signal?: AbortSignal;
    onStage?: (stage: ResearchStage) => void;
    count?: number;
  },
): Promise<string[]> {
  onStage?.('searching_sources');
  const found = await findRatedPapers(deps, {
    request: { query: topic.slice(0, 300), sort: 'relevance' },
    locale,
    signal,
  });
  if (found.offline) throw new AppError('search_unavailable');

  onStage?.('filtering_sources');
  const chosen = choosePapers(found.papers, count);
  if (chosen.length < RESEARCH_MIN_SOURCES) throw new AppError('no_snippets_found_error');

  onStage?.('processing_sources');
  const ids: string[] = [];
  for (const paper of chosen) {
    signal?.throwIfAborted();
    ids.push((await addPaper({ db: deps.db, jobs: deps.jobs, userId, paperId: paper.id })).id);
  }
  const usable = await waitUntilProcessed(deps, ids, signal);
  if (usable.length < RESEARCH_MIN_SOURCES) throw new AppError('no_snippets_found_error');
  return usable;
}

/** Papers without a low rating, the most relevant first; among equals an open full text beats an abstract. */
export function choosePapers(papers: RatedPaper[], count: number): RatedPaper[] {
  return papers
    .filter(({ ratings }) =>
      meetsMinimum([ratings.relevance.level, ratings.quality.level, ratings.trustworthiness.level], 'normal'),
    )
    .sort((a, b) => b.score - a.score || Number(b.record.openAccess) - Number(a.record.openAccess))
    .slice(0, count);
}

async function waitUntilProcessed(deps: ResearchDependencies, ids: string[], signal?: AbortSignal): Promise<string[]> {
  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  for (;;) {
    const rows = await deps.db
      .select({ id: sources.id, state: sources.state })
      .from(sources)
      .where(inArray(sources.id, ids));
    const pending = rows.some((row) => row.state === 'processing');
    if (!pending || Date.now() >= deadline) {
      const usable = new Set(rows.filter((row) => row.state === 'usable').map((row) => row.id));
      return ids.filter((id) => usable.has(id));
    }
    deps.jobs.poke();
    await sleep(POLL_MS, undefined, { signal });
  }
}
