import { type ChatMessage, chatEndpoints, type Source } from '@quire/contracts';
import { call, endpointPath } from '../../api/call';
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

/** The sources one can chat with: the user's documents and articles (websites). */
export type ChatSource = Pick<Source, 'id' | 'type'>;

/** The conversation's path: a document's, or an article's for a website (spec §7). */
export function messagesPath(source: ChatSource): string {
  return endpointPath(askEndpoint(source), { id: source.id });
}

const askEndpoint = (source: ChatSource) =>
  source.type === 'website' ? chatEndpoints.askArticle : chatEndpoints.askDocument;

/** GET the conversation with a source, oldest message first. */
export function fetchMessages(source: ChatSource, options: { signal?: AbortSignal } = {}): Promise<ChatMessage[]> {
  const endpoint = source.type === 'website' ? chatEndpoints.articleMessages : chatEndpoints.documentMessages;
  return call(endpoint, { params: { id: source.id } }, options);
}

type AskOptions = {
  /** Each piece of the answer's text as it streams in. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
};

/**
 * POSTs a question and resolves with the stored answer. Asks for Server-Sent Events: `delta` pieces go to
 * `onDelta`, the `done` event carries the message. A server that answers with JSON instead is read as JSON;
 * an error answer rejects with the ApiError (translated by the server), as `apiRequest` does.
 */
export async function askQuestion(source: ChatSource, content: string, options: AskOptions = {}): Promise<ChatMessage> {
  const url = buildUrl('api', messagesPath(source));
  const response = await sendWithSession(async (token) => {
    const headers = requestHeaders(token, { 'Content-Type': 'application/json' });
    headers.set('Accept', 'text/event-stream');
    try {
      return await fetch(url, { method: 'POST', headers, body: JSON.stringify({ content }), signal: options.signal });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw unreachable(error);
    }
  });

  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    return unwrapAnswer<ChatMessage>(response.status, parsePayload(await response.text()));
  }

  let answer: ChatMessage | undefined;
  let failure: ApiError | undefined;
  try {
    await readEventStream(response.body, ({ event, data }) => {
      const payload = parsePayload(data);
      if (event === 'delta') {
        const text = isRecord(payload) ? payload.text : undefined;
        if (typeof text === 'string' && text) options.onDelta?.(text);
      } else if (event === 'done') {
        answer = (isRecord(payload) && 'data' in payload ? payload.data : payload) as ChatMessage;
      } else if (event === 'error') {
        failure = unwrapError(payload);
      }
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw unreachable(error);
  }
  if (failure) throw failure;
  if (!isMessage(answer)) throw unreachable(new Error('The answer stream ended without a done event'));
  return answer;
}

function unwrapError(payload: unknown): ApiError {
  try {
    unwrapAnswer(500, isRecord(payload) && 'error' in payload ? payload : { error: payload });
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  return new ApiError({ code: 'request_failed', status: 500, message: translate('errors:request_failed') });
}

function isMessage(value: unknown): value is ChatMessage {
  return isRecord(value) && typeof value.id === 'string' && typeof value.content === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
