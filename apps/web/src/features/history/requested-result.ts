import type { GenerationResult, GenerationSlug, HistoryDetail } from '@quire/contracts';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { fetchHistoryDetail } from './history.api';

/**
 * The result a tool page was opened with (`?result={id}`, from the history page): from the tool's loaded
 * history when it is there, else from the server. A result of another tool is not found here.
 */
export async function loadRequestedResult(
  id: string,
  slug: GenerationSlug,
  history: readonly GenerationResult[],
): Promise<GenerationResult> {
  const known = history.find((entry) => entry.id === id);
  if (known) return known;
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
