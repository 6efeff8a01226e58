import type { ChatMessage } from '@quire/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { ensureLocale } from '../../i18n/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { signIn } from '../../test/session';
import { eventStream } from '../../test/streams';
import { askQuestion, fetchMessages, messagesPath } from './chat.api';

const ANSWER: ChatMessage = {
  id: 'm2',
  role: 'assistant',
  content: 'Intro\n\n> Passage (p. 4) [1]',
  citations: [{ sourceId: 'd1', page: 4, passage: 'Passage' }],
  engine: 'builtin',
  created_at: '2026-03-01T10:00:00Z',
};

beforeAll(async () => {
  await ensureLocale('en', 'full');
});

beforeEach(() => {
  signIn({ access_token: 'token-1' });
});

describe('chat api', () => {
  it('addresses documents and articles apart', () => {
    expect(messagesPath({ id: 'd 1', type: 'document' })).toBe('/documents/d%201/messages');
    expect(messagesPath({ id: 'w1', type: 'website' })).toBe('/articles/w1/messages');
  });

  it('loads a conversation with the token', async () => {
    const { calls } = stubFetch(() => json(200, { data: [ANSWER] }));
    expect(await fetchMessages({ id: 'w1', type: 'website' })).toEqual([ANSWER]);
    expect(calls[0]?.url).toBe('/api/articles/w1/messages');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('streams an answer: deltas in order, then the done message, from events split across chunks', async () => {
    const done = JSON.stringify(ANSWER);
    const { calls } = stubFetch(() =>
      eventStream([
        'event: delta\ndata: {"text":"Intro\\n\\n"}\n',
        '\nevent: del',
        'ta\ndata: {"text":"> Passage (p. 4) [1]"}\n\nevent: done\ndata: ',
        `${done.slice(0, 20)}`,
        `${done.slice(20)}\n\n`,
      ]),
    );
    const deltas: string[] = [];
    const message = await askQuestion({ id: 'd1', type: 'document' }, 'What?', {
      onDelta: (text) => deltas.push(text),
    });
    expect(deltas).toEqual(['Intro\n\n', '> Passage (p. 4) [1]']);
    expect(message).toEqual(ANSWER);
    expect(calls[0]).toMatchObject({ url: '/api/documents/d1/messages', method: 'POST', body: { content: 'What?' } });
    expect(calls[0]?.headers.get('Accept')).toBe('text/event-stream');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('falls back to a JSON answer', async () => {
    stubFetch(() => json(201, { data: ANSWER }));
    const deltas: string[] = [];
    expect(await askQuestion({ id: 'd1', type: 'document' }, 'Q', { onDelta: (text) => deltas.push(text) })).toEqual(
      ANSWER,
    );
    expect(deltas).toEqual([]);
  });

  it('rejects with the server error, and when the stream ends without an answer', async () => {
    stubFetch(() => json(409, { error: { code: 'source_not_ready', message: 'Still being read.' } }));
    const failure = await askQuestion({ id: 'd1', type: 'document' }, 'Q').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'source_not_ready', status: 409, message: 'Still being read.' });

    stubFetch(() =>
      eventStream([
        'event: delta\ndata: {"text":"half"}\n\n',
        'event: error\ndata: {"error":{"code":"model_timeout","message":"Took too long."}}\n\n',
      ]),
    );
    await expect(askQuestion({ id: 'd1', type: 'document' }, 'Q')).rejects.toMatchObject({
      code: 'model_timeout',
      message: 'Took too long.',
    });

    stubFetch(() => eventStream(['event: delta\ndata: {"text":"half"}\n\n']));
    await expect(askQuestion({ id: 'd1', type: 'document' }, 'Q')).rejects.toMatchObject({ code: 'request_failed' });
  });
});
