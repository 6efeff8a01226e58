import type { GenerationResult, HistoryItem } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import {
  addResult,
  INITIAL_GENERATION_STATE,
  mergeHistory,
  removeHistoryEntry,
  topicOf,
  wordsUsed,
} from './generation.state';

function aResult(overrides: Partial<GenerationResult> = {}): GenerationResult {
  return {
    id: 'r1',
    slug: 'write-chapter',
    created_at: '2026-03-03T10:00:00Z',
    inputs: { headline: 'Light reactions', topic: 'Photosynthesis', outline: '1. Light' },
    words_used: 120,
    text: 'Plants turn light into sugar.',
    citations: [],
    engine: { kind: 'builtin', model: null },
    ...overrides,
  };
}

function anItem(id: string, topic?: string): HistoryItem {
  return { id, created_at: '2026-03-01T10:00:00Z', inputs: topic ? { topic } : {}, words_used: 10 };
}

const profile = { words_used: 500, words_limit: 2_000, words_extra: 0 };

describe('generation client state (spec §4)', () => {
  it('adds every result’s words to the local counter', () => {
    const once = addResult(INITIAL_GENERATION_STATE, aResult({ id: 'a', words_used: 120 }), profile);
    const twice = addResult(once, aResult({ id: 'b', words_used: 80 }), profile);
    expect(twice.wordsAdded).toBe(200);
    expect(wordsUsed(twice, profile)).toBe(700);
  });

  it('starts counting again once the server’s figures (a new profile) include the words', () => {
    const counted = addResult(INITIAL_GENERATION_STATE, aResult({ words_used: 120 }), profile);
    const fresh = { ...profile, words_used: 620 };
    expect(wordsUsed(counted, fresh)).toBe(620);
    expect(addResult(counted, aResult({ id: 'b', words_used: 30 }), fresh).wordsAdded).toBe(30);
  });

  it('adds a result to the front of its own slug’s history', () => {
    const loaded = mergeHistory(INITIAL_GENERATION_STATE, 'write-chapter', [anItem('old')]);
    const other = mergeHistory(loaded, 'summarize', [anItem('s1')]);
    const next = addResult(other, aResult({ id: 'new' }), profile);
    expect(next.histories['write-chapter']?.map((item) => item.id)).toEqual(['new', 'old']);
    expect(next.histories['write-chapter']?.[0]).toMatchObject({ slug: 'write-chapter', words_used: 120 });
    expect(next.histories.summarize?.map((item) => item.id)).toEqual(['s1']);
  });

  it('puts a result’s topic at the front of the autocompletion list, once', () => {
    const loaded = mergeHistory(INITIAL_GENERATION_STATE, 'write-chapter', [
      anItem('1', 'Ecology'),
      anItem('2', 'Botany'),
    ]);
    const next = addResult(loaded, aResult({ inputs: { topic: '  Botany ' } }), profile);
    expect(next.topics).toEqual(['Botany', 'Ecology']);
    const without = addResult(next, aResult({ id: 'x', slug: 'summarize', inputs: { text: 'Some text' } }), profile);
    expect(without.topics).toEqual(['Botany', 'Ecology']);
  });

  it('puts topics loaded from history at the end of the list', () => {
    const used = addResult(INITIAL_GENERATION_STATE, aResult({ inputs: { topic: 'Genetics' } }), profile);
    const loaded = mergeHistory(used, 'write-outline', [anItem('1', 'Ecology'), anItem('2', 'Genetics'), anItem('3')]);
    expect(loaded.topics).toEqual(['Genetics', 'Ecology']);
  });

  it('does not add history ids again on load', () => {
    const first = mergeHistory(INITIAL_GENERATION_STATE, 'write-chapter', [anItem('a'), anItem('b')]);
    const local = addResult(first, aResult({ id: 'c' }), profile);
    const again = mergeHistory(local, 'write-chapter', [anItem('c'), anItem('a'), anItem('d'), anItem('d')]);
    expect(again.histories['write-chapter']?.map((item) => item.id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('removes an entry from its slug’s history only', () => {
    const state = mergeHistory(
      mergeHistory(INITIAL_GENERATION_STATE, 'write-chapter', [anItem('a'), anItem('b')]),
      'summarize',
      [anItem('a')],
    );
    const next = removeHistoryEntry(state, 'write-chapter', 'a');
    expect(next.histories['write-chapter']?.map((item) => item.id)).toEqual(['b']);
    expect(next.histories.summarize?.map((item) => item.id)).toEqual(['a']);
  });

  it('reads a topic only when there is one', () => {
    expect(topicOf({ topic: ' Soil ' })).toBe('Soil');
    expect(topicOf({ topic: '   ' })).toBeNull();
    expect(topicOf({ topic: 3 })).toBeNull();
  });
});
