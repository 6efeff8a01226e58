import { GENERATION_SLUGS, type HistoryListItem, ownAppIdOf } from '@quire/contracts';

/** What the history shows, kept in the URL (?tool=&q=) so a reload or Back shows the same. */
export type HistoryParams = { tool: string; q: string };

const MAX_QUERY = 200;

/** The filter and search of a URL's query string; anything unusable is left out. */
export function readHistoryParams(search: URLSearchParams): HistoryParams {
  const tool = search.get('tool')?.trim() ?? '';
  const q = (search.get('q') ?? '').slice(0, MAX_QUERY);
  return { tool: tool.length <= 60 ? tool : '', q };
}

/** The URL query string for a filter and search, keeping whatever else it holds; empty values are dropped. */
export function writeHistoryParams(search: URLSearchParams, params: HistoryParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(params)) {
    if (value.trim()) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** Whether the list shows everything (an empty list then means there are no results yet). */
export function isUnfiltered(params: HistoryParams): boolean {
  return !params.tool && !params.q.trim();
}

/** Where a result opens again: its tool's page with the result, or its own application's page. */
export function reopenPath(item: Pick<HistoryListItem, 'id' | 'slug'>): string | null {
  const query = `?result=${encodeURIComponent(item.id)}`;
  const ownApp = ownAppIdOf(item.slug);
  if (ownApp) return `apps/${ownApp}${query}`;
  return (GENERATION_SLUGS as readonly string[]).includes(item.slug) ? `feature/${item.slug}${query}` : null;
}
