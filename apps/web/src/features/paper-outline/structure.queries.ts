import { type DocumentOutline, sourcesEndpoints } from '@quire/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../api/call';
import { failureOf } from '../../lib/query-client';
import { forgetOnSignOut } from '../auth';

export const structureKeys = {
  all: ['document-structure'] as const,
  document: (id: string) => ['document-structure', id] as const,
};

forgetOnSignOut(structureKeys.all);

/** A document's structure as the server read it (issue #27 item 2); null when it has none (yet). */
export function structureQuery(id: string) {
  return queryOptions({
    queryKey: structureKeys.document(id),
    queryFn: ({ signal }): Promise<DocumentOutline | null> =>
      call(sourcesEndpoints.structure, { params: { id } }, { signal }),
  });
}

export type StructureView =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; retry: () => void }
  | { kind: 'empty' }
  | { kind: 'ready'; structure: DocumentOutline };

/**
 * A document's structure as the outline shows it. A retry after a failure shows the loading state again, so the
 * user sees that something happens; a failed refresh keeps the structure already shown.
 */
export function useDocumentOutline(id: string): StructureView {
  const query = useQuery(structureQuery(id));
  if (query.data !== undefined) return query.data ? { kind: 'ready', structure: query.data } : { kind: 'empty' };
  if (query.status === 'error' && !query.isFetching) {
    return { kind: 'error', message: failureOf(query.error).message, retry: () => void query.refetch() };
  }
  return { kind: 'loading' };
}
