import { describe, expect, it } from 'vitest';
import { sameTopics, topicOf, topicsOf } from './topics';

const result = (created_at: string, topic?: unknown) => ({ created_at, inputs: topic === undefined ? {} : { topic } });

describe('topic autocompletion (spec §3)', () => {
  it('lists each topic once, the latest used first by the time it was written, whatever the offset', () => {
    const topics = topicsOf([
      result('2026-03-01T10:00:00Z', 'Ecology'),
      result('2026-03-03T10:00:00Z', '  Botany '),
      result('2026-03-02T10:00:00Z'),
      result('2026-02-01T10:00:00Z', 'Botany'),
      result('2026-03-01T11:00:00+02:00', 'Soil'),
    ]);
    expect(topics).toEqual(['Botany', 'Ecology', 'Soil']);
  });

  it('reads a topic only when there is one', () => {
    expect(topicOf({ topic: ' Soil ' })).toBe('Soil');
    expect(topicOf({ topic: '   ' })).toBeNull();
    expect(topicOf({ topic: 3 })).toBeNull();
    expect(topicOf({ text: 'Some text' })).toBeNull();
  });

  it('tells an unchanged list from a changed one', () => {
    expect(sameTopics(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTopics(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameTopics(['a'], ['a', 'b'])).toBe(false);
  });
});
