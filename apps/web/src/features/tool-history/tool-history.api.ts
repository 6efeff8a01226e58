import { generationEndpoints as endpoints, type GenerationResult, type ToolSlug } from '@quire/contracts';
import { call } from '../../api/call';

/** The user's earlier results of one tool (or own application), newest first, as the contract describes them. */
export function fetchToolHistory(slug: ToolSlug, options: { signal?: AbortSignal } = {}): Promise<GenerationResult[]> {
  return call(endpoints.prompts, { query: { prompt_template: slug } }, { signal: options.signal });
}

/** Deletes one of the user's results. */
export async function deleteToolResult(id: string): Promise<void> {
  await call(endpoints.deleteHistory, { params: { id } });
}
