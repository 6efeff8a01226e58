import type { GenerationResult, ToolSlug } from '@quire/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorOf, type LoadStatus, queryClient, statusOf } from '../../lib/query-client';
import { forgetOnSignOut } from '../auth';
import { deleteToolResult, fetchToolHistory } from './tool-history.api';
import { sameTopics, topicsOf } from './topics';

export const toolHistoryKeys = {
  all: ['tool-history'] as const,
  tool: (slug: ToolSlug) => ['tool-history', slug] as const,
};

forgetOnSignOut(toolHistoryKeys.all);

/** A tool's earlier results, newest first; asked for again each time its page opens, the known ones shown meanwhile. */
export function toolHistoryQuery(slug: ToolSlug) {
  return queryOptions({
    queryKey: toolHistoryKeys.tool(slug),
    queryFn: ({ signal }) => fetchToolHistory(slug, { signal }),
  });
}

export type ToolHistory = {
  status: LoadStatus;
  entries: GenerationResult[];
  /** Why the history could not be loaded, while it shows nothing. */
  error: string | null;
  /** Resolves with whether the server deleted the result. */
  remove: (id: string) => Promise<boolean>;
};

/**
 * A tool's history on its page (spec §2 "history"). A result leaves it only once the server has deleted it; a
 * failed deletion is only logged (spec §4, §8).
 */
export function useToolHistory(slug: ToolSlug): ToolHistory {
  const query = useQuery(toolHistoryQuery(slug));
  const deletion = useMutation({
    mutationFn: (id: string) => deleteToolResult(id),
    onSuccess: (_deleted, id) =>
      queryClient.setQueryData<GenerationResult[]>(toolHistoryKeys.tool(slug), (history) =>
        history?.filter((entry) => entry.id !== id),
      ),
  });
  return {
    status: statusOf(query),
    entries: query.data ?? [],
    error: errorOf(query),
    remove: async (id) => {
      try {
        await deletion.mutateAsync(id);
        return true;
      } catch (error) {
        console.error('Could not delete a result from the history', { slug, id, error });
        return false;
      }
    },
  };
}

/** A run's new result goes first in its tool's history (spec §4), once. */
export function recordResult(result: GenerationResult): void {
  const key = toolHistoryKeys.tool(result.slug);
  const loading = queryClient.isFetching({ queryKey: key }) > 0;
  queryClient.setQueryData<GenerationResult[]>(key, (history = []) => [
    result,
    ...history.filter((entry) => entry.id !== result.id),
  ]);
  // A load under way was asked for before this result was stored, and its answer would drop it: ask again.
  if (loading) void queryClient.refetchQueries({ queryKey: key });
}

/** Topic autocompletion (spec §3): the topics of the histories loaded this session, the latest used first. */
export function useTopics(): string[] {
  const [topics, setTopics] = useState(knownTopics);
  useEffect(() => {
    const update = () =>
      setTopics((shown) => {
        const known = knownTopics();
        return sameTopics(shown, known) ? shown : known;
      });
    update();
    // Only a history's answer or removal changes the list; building a query (in another component's render) does not.
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' && event.type !== 'removed') return;
      if (event.query.queryKey[0] === toolHistoryKeys.all[0]) update();
    });
  }, []);
  return topics;
}

function knownTopics(): string[] {
  return topicsOf(
    queryClient.getQueriesData<GenerationResult[]>({ queryKey: toolHistoryKeys.all }).flatMap(([, data]) => data ?? []),
  );
}
