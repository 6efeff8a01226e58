import type { GenerationResult, HistoryItem } from '@quire/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { createGenerationStore } from './generation.store';

const item = (id: string, topic?: string): HistoryItem => ({
  id,
  created_at: '2026-03-01T10:00:00Z',
  inputs: topic ? { topic } : {},
  words_used: 10,
});

const RESULT: GenerationResult = {
  id: 'new',
  slug: 'write-outline',
  created_at: '2026-03-03T10:00:00Z',
  inputs: { topic: 'Soil' },
  words_used: 40,
  text: '# Soil',
  citations: [],
  engine: { kind: 'builtin', model: null },
};

function setup(history: HistoryItem[] = [item('a', 'Ecology'), item('b')]) {
  const deps = {
    fetchHistory: vi.fn(async (_slug: string) => history),
    deleteHistoryItem: vi.fn(async (_id: string) => {}),
    rememberProject: vi.fn((_inputs: Record<string, unknown>) => {}),
  };
  return { deps, store: createGenerationStore(deps) };
}

const ids = (store: ReturnType<typeof setup>['store'], slug: string) =>
  store.getSnapshot().histories[slug]?.map((entry) => entry.id);

afterEach(() => vi.restoreAllMocks());

describe('generation store', () => {
  it("hands a result's inputs to the current project", () => {
    const { deps, store } = setup();
    store.recordResult(RESULT, null);
    expect(deps.rememberProject).toHaveBeenCalledWith({ topic: 'Soil' });
  });

  it('loads a tool’s history once at a time and does not add known ids again', async () => {
    const { deps, store } = setup();
    await Promise.all([store.loadHistory('write-outline'), store.loadHistory('write-outline')]);
    expect(deps.fetchHistory).toHaveBeenCalledTimes(1);
    expect(deps.fetchHistory).toHaveBeenCalledWith('write-outline');
    store.recordResult(RESULT, null);
    await store.loadHistory('write-outline');
    expect(ids(store, 'write-outline')).toEqual(['new', 'a', 'b']);
    expect(store.getSnapshot().topics).toEqual(['Soil', 'Ecology']);
    expect(store.getSnapshot().historyStatus['write-outline']).toEqual({ status: 'ready', error: null });
  });

  it('removes a result locally only after the server deleted it', async () => {
    const { deps, store } = setup();
    await store.loadHistory('write-outline');
    let finish: () => void = () => {};
    deps.deleteHistoryItem.mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    const deleting = store.deleteResult('write-outline', 'a');
    expect(ids(store, 'write-outline')).toEqual(['a', 'b']);
    finish();
    expect(await deleting).toBe(true);
    expect(deps.deleteHistoryItem).toHaveBeenCalledWith('a');
    expect(ids(store, 'write-outline')).toEqual(['b']);
  });

  it('keeps a result whose deletion failed and only logs the failure', async () => {
    const { deps, store } = setup();
    await store.loadHistory('write-outline');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    deps.deleteHistoryItem.mockRejectedValueOnce(new ApiError({ code: 'internal_error', status: 500, message: 'x' }));
    expect(await store.deleteResult('write-outline', 'a')).toBe(false);
    expect(ids(store, 'write-outline')).toEqual(['a', 'b']);
    expect(logged).toHaveBeenCalledWith(
      'Could not delete a result from the history',
      expect.objectContaining({ id: 'a', slug: 'write-outline' }),
    );
  });

  it('reports a failed load with the server’s message', async () => {
    const { deps, store } = setup();
    deps.fetchHistory.mockRejectedValueOnce(new ApiError({ code: 'internal_error', status: 500, message: 'Kaputt.' }));
    await store.loadHistory('summarize');
    expect(store.getSnapshot().historyStatus.summarize).toEqual({ status: 'error', error: 'Kaputt.' });
  });

  it('forgets everything on reset, and drops a load answered after it', async () => {
    const { deps, store } = setup();
    let answer: (items: HistoryItem[]) => void = () => {};
    deps.fetchHistory.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const loading = store.loadHistory('write-outline');
    store.recordResult(RESULT, null);
    store.reset();
    answer([item('late', 'Late topic')]);
    await loading;
    expect(store.getSnapshot()).toMatchObject({ histories: {}, topics: [], wordsAdded: 0 });
  });
});
