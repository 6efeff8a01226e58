import type { GenerationResult, ToolSlug } from '@quire/contracts';
import type { GenerationRow } from './generation-row';

/** A stored result as the API answers it; it is also the spec §3 history item (id, created_at, inputs, words_used, slug). */
export function presentResult(row: GenerationRow): GenerationResult {
  return {
    id: row.id,
    slug: row.slug as ToolSlug,
    created_at: row.createdAt.toISOString(),
    inputs: row.inputs,
    words_used: row.wordsUsed,
    text: row.text,
    citations: row.citations,
    engine: { kind: row.engine, model: row.model },
    ...(row.items ? { items: row.items } : {}),
  };
}
