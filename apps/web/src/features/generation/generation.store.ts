import type { GenerationResult, HistoryItem } from '@quire/contracts';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { getSession, subscribeSession } from '../auth';
import { rememberProjectFrom } from '../project';
import { deleteHistoryItem, fetchHistory } from './generation.api';
import {
  addResult,
  type GenerationState,
  INITIAL_GENERATION_STATE,
  mergeHistory,
  removeHistoryEntry,
} from './generation.state';

export type HistoryStatus = { status: 'loading' | 'ready' | 'error'; error: string | null };

export type GenerationSnapshot = GenerationState & { historyStatus: Record<string, HistoryStatus> };

export type GenerationDeps = {
  fetchHistory: (slug: string) => Promise<HistoryItem[]>;
  deleteHistoryItem: (id: string) => Promise<void>;
  /** A run's topic and language become the current project's. */
  rememberProject?: (inputs: Record<string, unknown>) => void;
};

export type GenerationStore = ReturnType<typeof createGenerationStore>;

/**
 * The writing tools' state shared by their pages (spec §4): each tool's history, the topic autocompletion
 * list and the words written this session. History deletions wait for the server.
 */
export function createGenerationStore(deps: GenerationDeps) {
  let snapshot: GenerationSnapshot = { ...INITIAL_GENERATION_STATE, historyStatus: {} };
  const listeners = new Set<() => void>();
  const loading = new Map<string, Promise<void>>();
  /** Bumped by `reset`, so that an answer for the previous session is dropped. */
  let generation = 0;

  function update(next: Partial<GenerationSnapshot>): void {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  }

  function setStatus(slug: string, status: HistoryStatus): void {
    update({ historyStatus: { ...snapshot.historyStatus, [slug]: status } });
  }

  return {
    getSnapshot: (): GenerationSnapshot => snapshot,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads a tool's history (again); items already known are kept, not added twice. */
    loadHistory(slug: string): Promise<void> {
      const pending = loading.get(slug);
      if (pending) return pending;
      const started = generation;
      if (snapshot.historyStatus[slug]?.status !== 'ready') setStatus(slug, { status: 'loading', error: null });
      const request = deps
        .fetchHistory(slug)
        .then((items) => {
          if (started !== generation) return;
          update({ ...mergeHistory(snapshot, slug, items) });
          setStatus(slug, { status: 'ready', error: null });
        })
        .catch((error: unknown) => {
          if (started !== generation) return;
          if (!(error instanceof ApiError)) console.error('Could not load the history', { slug, error });
          if (snapshot.historyStatus[slug]?.status === 'ready') return;
          setStatus(slug, {
            status: 'error',
            error: error instanceof ApiError ? error.message : translate('errors:generic_error'),
          });
        })
        .finally(() => loading.delete(slug));
      loading.set(slug, request);
      return request;
    },

    /** A run's result (spec §4): words counted against `profile`, history and topics updated. */
    recordResult(result: GenerationResult, profile: unknown): void {
      update({ ...addResult(snapshot, result, profile) });
      deps.rememberProject?.(result.inputs);
    },

    /**
     * Deletes a result: it leaves the local history only once the server has deleted it; a failure is only
     * logged (spec §4, §8). Resolves with whether it was deleted.
     */
    async deleteResult(slug: string, id: string): Promise<boolean> {
      const started = generation;
      try {
        await deps.deleteHistoryItem(id);
      } catch (error) {
        console.error('Could not delete a result from the history', { slug, id, error });
        return false;
      }
      if (started !== generation) return false;
      update({ ...removeHistoryEntry(snapshot, slug, id) });
      return true;
    },

    /** Forgets everything (the user signed out). */
    reset(): void {
      generation += 1;
      loading.clear();
      snapshot = { ...INITIAL_GENERATION_STATE, historyStatus: {} };
      for (const listener of listeners) listener();
    },
  };
}

/** The app's writing-tool state. */
export const generationStore = createGenerationStore({
  fetchHistory,
  deleteHistoryItem,
  rememberProject: rememberProjectFrom,
});

// Signing out forgets the history and the words counted.
subscribeSession(() => {
  if (!getSession()) generationStore.reset();
});

/** The shared state for components. */
export function useGeneration(store: GenerationStore = generationStore): GenerationSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
