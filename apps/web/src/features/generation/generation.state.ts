import type { Citation, GenerationResult, HistoryItem } from '@quire/contracts';

/**
 * A result in a tool's history. Results written in this session carry their text; items loaded from the
 * server carry what the server sends (at least id, created_at, inputs and words_used).
 */
export type HistoryEntry = HistoryItem & {
  slug: string;
  text?: string;
  citations?: Citation[];
  engine?: GenerationResult['engine'];
};

/** The writing tools' shared client state (spec §3 "client state", §4 "generation"). */
export type GenerationState = {
  /** Each tool's results, newest first, by slug. */
  histories: Record<string, HistoryEntry[]>;
  /** Topic autocompletion: unique topics, the latest used first. */
  topics: string[];
  /** Words of the results written since `wordsSince` (the profile they are added to). */
  wordsAdded: number;
  wordsSince: unknown;
};

export const INITIAL_GENERATION_STATE: GenerationState = { histories: {}, topics: [], wordsAdded: 0, wordsSince: null };

/**
 * A new result (spec §4): its words go to the local counter, it goes to the front of its tool's history, and
 * its topic, if it has one, to the front of the autocompletion list. `profile` is the words profile the
 * counter adds to; when it is no longer the one the counter was counting against (the server's figures were
 * loaded again and include these words), the counter starts over.
 */
export function addResult(state: GenerationState, result: GenerationResult, profile: unknown): GenerationState {
  const entry: HistoryEntry = {
    id: result.id,
    created_at: result.created_at,
    inputs: result.inputs,
    words_used: result.words_used,
    slug: result.slug,
    text: result.text,
    citations: result.citations,
    engine: result.engine,
  };
  const history = state.histories[result.slug] ?? [];
  const counted = state.wordsSince === profile ? state.wordsAdded : 0;
  const topic = topicOf(result.inputs);
  return {
    histories: { ...state.histories, [result.slug]: [entry, ...history.filter((item) => item.id !== result.id)] },
    topics: topic ? [topic, ...state.topics.filter((known) => known !== topic)] : state.topics,
    wordsAdded: counted + result.words_used,
    wordsSince: profile,
  };
}

/**
 * A tool's history as loaded from the server (spec §4): items whose id is already there are not added again,
 * the others go after them in the server's order; their topics go to the end of the autocompletion list.
 */
export function mergeHistory(state: GenerationState, slug: string, items: readonly HistoryItem[]): GenerationState {
  const history = state.histories[slug] ?? [];
  const known = new Set(history.map((item) => item.id));
  const added: HistoryEntry[] = [];
  for (const item of items) {
    if (known.has(item.id)) continue;
    known.add(item.id);
    added.push({ ...item, slug });
  }
  const topics = [...state.topics];
  for (const item of added) {
    const topic = topicOf(item.inputs);
    if (topic && !topics.includes(topic)) topics.push(topic);
  }
  return { ...state, histories: { ...state.histories, [slug]: [...history, ...added] }, topics };
}

/** A result the server has deleted leaves its tool's history. */
export function removeHistoryEntry(state: GenerationState, slug: string, id: string): GenerationState {
  const history = state.histories[slug] ?? [];
  return { ...state, histories: { ...state.histories, [slug]: history.filter((item) => item.id !== id) } };
}

/** Words used so far (spec §6): the profile's words plus those added on top of that same profile. */
export function wordsUsed(state: GenerationState, profile: { words_used: number } | null): number {
  if (!profile) return 0;
  return profile.words_used + (state.wordsSince === profile ? state.wordsAdded : 0);
}

/** The topic of a result's inputs, trimmed; null when it has none. */
export function topicOf(inputs: Record<string, unknown>): string | null {
  const topic = typeof inputs.topic === 'string' ? inputs.topic.trim() : '';
  return topic || null;
}
