import type { GenerationResult, GenerationSlug, HistoryDetail } from '@quire/contracts';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import type { HistoryEntry } from '../generation/generation.state';
import { fetchHistoryDetail } from './history.api';

/**
 * The result a tool page was opened with (`?result={id}`, from the history page): from the tool's loaded
 * history when it is there with its text, else from the server. A result of another tool is not found here.
 */
export async function loadRequestedResult(
  id: string,
  slug: GenerationSlug,
  history: readonly HistoryEntry[],
): Promise<GenerationResult> {
  const known = history.find((entry) => entry.id === id);
  if (known && typeof known.text === 'string' && known.engine) {
    return {
      id: known.id,
      slug,
      created_at: known.created_at,
      inputs: known.inputs,
      words_used: known.words_used,
      text: known.text,
      citations: known.citations ?? [],
      engine: known.engine,
    };
  }
  let detail: HistoryDetail;
  try {
    detail = await fetchHistoryDetail(id);
  } catch (error) {
    throw error instanceof ApiError && error.status === 404 ? missing() : error;
  }
  if (detail.slug !== slug) throw missing();
  return asResult(detail, slug);
}

/** A result that is not there to reopen (deleted, another user's, another tool's): said in words that fit. */
function missing(): ApiError {
  return new ApiError({ code: 'not_found', status: 404, message: translate('history.reopenMissing') });
}

function asResult(detail: HistoryDetail, slug: GenerationSlug): GenerationResult {
  return {
    id: detail.id,
    slug,
    created_at: detail.created_at,
    inputs: detail.inputs,
    words_used: detail.words_used,
    text: detail.text,
    citations: detail.citations,
    engine: detail.engine,
    ...(detail.items ? { items: detail.items } : {}),
  };
}
