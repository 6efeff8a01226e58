import type { GenerationResult } from '@quire/contracts';

/** The topic of a result's inputs, trimmed; null when it has none. */
export function topicOf(inputs: Record<string, unknown>): string | null {
  const topic = typeof inputs.topic === 'string' ? inputs.topic.trim() : '';
  return topic || null;
}

/** The topics of these results, each once, the latest used first. */
export function topicsOf(results: readonly Pick<GenerationResult, 'created_at' | 'inputs'>[]): string[] {
  const newestFirst = [...results].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const topics = new Set<string>();
  for (const result of newestFirst) {
    const topic = topicOf(result.inputs);
    if (topic) topics.add(topic);
  }
  return [...topics];
}

export function sameTopics(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((topic, index) => topic === b[index]);
}
