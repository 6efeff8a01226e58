import {
  generationEndpoints as endpoints,
  type GenerationEvent,
  GenerationResult,
  isErrorCode,
  type ToolSlug,
} from '@quire/contracts';
import { endpointPath } from '../../api/call';
import {
  ApiError,
  buildUrl,
  parsePayload,
  requestHeaders,
  sendWithSession,
  unreachable,
  unwrapAnswer,
} from '../../api/client';
import { translate } from '../../i18n/i18n';
import { readEventStream } from '../../lib/sse';
import { toGenerationEvent } from './generation-events';

type RunOptions = {
  /** Each stage, piece of text, result or failure as it streams in. */
  onEvent?: (event: GenerationEvent) => void;
  signal?: AbortSignal;
};

/**
 * Runs a writing tool or one of the user's own applications (`generationEndpoints.run` with `{ inputs }`) and resolves
 * with the stored result. Asks for Server-Sent Events and hands every frame to `onEvent`; a server that
 * answers with JSON is read as JSON.
 * A failure — an error answer or an `error` frame — rejects with an ApiError carrying the translated message;
 * a cancel rejects with the AbortError itself.
 */
export async function runGeneration(
  slug: ToolSlug,
  inputs: Record<string, unknown>,
  options: RunOptions = {},
): Promise<GenerationResult> {
  const url = buildUrl('gen', endpointPath(endpoints.run, { slug }));
  const response = await sendWithSession(async (token) => {
    const headers = requestHeaders(token, { 'Content-Type': 'application/json' });
    headers.set('Accept', 'text/event-stream');
    try {
      return await fetch(url, { method: 'POST', headers, body: JSON.stringify({ inputs }), signal: options.signal });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw unreachable(error);
    }
  });

  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    const result = unwrapAnswer<unknown>(response.status, parsePayload(await response.text()));
    return checkResult(result);
  }

  let result: GenerationResult | undefined;
  let failure: ApiError | undefined;
  try {
    await readEventStream(response.body, (frame) => {
      const event = toGenerationEvent(frame);
      if (!event) return;
      options.onEvent?.(event);
      if (event.type === 'done') result = event.result;
      else if (event.type === 'error') failure = streamFailure(event.code, event.message);
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw unreachable(error);
  }
  if (failure) throw failure;
  if (!result) throw unreachable(new Error('The generation stream ended without a result'));
  return result;
}

function checkResult(value: unknown): GenerationResult {
  const parsed = GenerationResult.safeParse(value);
  if (parsed.success) return parsed.data;
  throw unreachable(parsed.error);
}

function streamFailure(code: string, message: string): ApiError {
  const known = isErrorCode(code) ? code : 'generic_error';
  return new ApiError({
    code: known,
    status: 200,
    message: message || translate(`errors:${known}`),
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
