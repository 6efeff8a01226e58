import type { LiveEvent, Source } from '@quire/contracts';

/** The two lists of the user's library, loaded separately (spec §3): uploaded PDFs and web articles. */
export type SourceLists = { documents: Source[]; websites: Source[] };

/** The kinds of source a user adds to the library; papers come from search and live elsewhere. */
export type LibraryType = 'document' | 'website';

/** A change to one source, as the live connection reports it. */
export type SourceEvent = Exclude<LiveEvent, { type: 'ready' }>;

/** What changes the lists between two loads: the user's additions, deletions and bookmarks, and live events. */
export type SourceChange =
  | { kind: 'add'; source: Source }
  | { kind: 'remove'; id: string }
  | { kind: 'bookmark'; id: string; bookmarked: boolean }
  | { kind: 'live'; event: SourceEvent };

export const EMPTY_LISTS: SourceLists = { documents: [], websites: [] };

/** The list a source belongs in, by its type; null for a type the library does not hold. */
function listOf(source: Pick<Source, 'type'>): keyof SourceLists | null {
  if (source.type === 'document') return 'documents';
  if (source.type === 'website') return 'websites';
  return null;
}

/**
 * Spec §4: adding a document or website replaces any entry with the same id and appends it to its list.
 * A source of another type leaves the lists as they are.
 */
export function addSource(lists: SourceLists, source: Source): SourceLists {
  const key = listOf(source);
  if (!key) return lists;
  const without = removeSource(lists, source.id);
  return { ...without, [key]: [...without[key], source] };
}

/** The lists without the source of this id (in either list); the same object when it was not there. */
export function removeSource(lists: SourceLists, id: string): SourceLists {
  const has = (list: Source[]) => list.some((source) => source.id === id);
  if (!has(lists.documents) && !has(lists.websites)) return lists;
  return {
    documents: lists.documents.filter((source) => source.id !== id),
    websites: lists.websites.filter((source) => source.id !== id),
  };
}

/** The source of this id, if either list holds it. */
export function findSource(lists: SourceLists, id: string): Source | undefined {
  return lists.documents.find((source) => source.id === id) ?? lists.websites.find((source) => source.id === id);
}

/**
 * What the document service reports: an update replaces the entry in place, keeping its position; a source
 * the lists do not know yet (added in another tab) is added by the spec's rule; a deletion removes it.
 */
export function applyLiveEvent(lists: SourceLists, event: SourceEvent): SourceLists {
  if (event.type === 'source.deleted') return removeSource(lists, event.id);
  const { source } = event;
  const key = listOf(source);
  if (!key) return lists;
  if (!lists[key].some((entry) => entry.id === source.id)) return addSource(lists, source);
  return { ...lists, [key]: lists[key].map((entry) => (entry.id === source.id ? source : entry)) };
}

/**
 * A bookmark the server confirmed: the entry keeps its place and gets the new flag; the same lists when no
 * entry has this id or the flag is already so.
 */
export function setBookmarked(lists: SourceLists, id: string, bookmarked: boolean): SourceLists {
  const source = findSource(lists, id);
  if (!source || source.bookmarked === bookmarked) return lists;
  const mark = (list: Source[]) => list.map((entry) => (entry.id === id ? { ...entry, bookmarked } : entry));
  return { documents: mark(lists.documents), websites: mark(lists.websites) };
}

/** Spec §3: the user's sources are the documents plus the websites, each tagged with the type of its list. */
export function combineSources(lists: SourceLists): Source[] {
  return [
    ...lists.documents.map((source): Source => ({ ...source, type: 'document' })),
    ...lists.websites.map((source): Source => ({ ...source, type: 'website' })),
  ];
}

/** The lists after one change, each by its rule below. */
export function applyChange(lists: SourceLists, change: SourceChange): SourceLists {
  if (change.kind === 'add') return addSource(lists, newerOf(findSource(lists, change.source.id), change.source));
  if (change.kind === 'remove') return removeSource(lists, change.id);
  if (change.kind === 'bookmark') return setBookmarked(lists, change.id, change.bookmarked);
  return applyLiveEvent(lists, change.event);
}

/** A live update can overtake the upload's answer: an entry further along than the answer is the newer one. */
function newerOf(known: Source | undefined, added: Source): Source {
  return known && stage(known) > stage(added) ? known : added;
}

/** How far a source has come: its progress while processing, beyond that once it is usable or failed. */
function stage(source: Source): number {
  return source.state === 'processing' ? source.progress : 101;
}

/** Whether any source is still being processed (and so may change without the user doing anything). */
export function hasProcessing(lists: SourceLists | undefined): boolean {
  if (!lists) return false;
  return [...lists.documents, ...lists.websites].some((source) => source.state === 'processing');
}

/** Newest first, by the time the source was added; the order of the lists breaks ties. */
export function newestFirst(sources: readonly Source[]): Source[] {
  return sources
    .map((source, index) => ({ source, index, time: Date.parse(source.created_at) || 0 }))
    .sort((a, b) => b.time - a.time || b.index - a.index)
    .map(({ source }) => source);
}
