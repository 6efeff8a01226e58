import type { GenerationEvent, GenerationResult } from '@quire/contracts';
import { describe, expect, it } from 'vitest';
import { readEventStream } from '../../lib/sse';
import { streamOf } from '../../test/streams';
import { toGenerationEvent } from './generation-events';

const RESULT: GenerationResult = {
  id: 'r1',
  slug: 'write-chapter',
  created_at: '2026-03-03T10:00:00Z',
  inputs: { topic: 'Photosynthesis' },
  words_used: 12,
  text: 'Plants turn light into sugar.',
  citations: [],
  engine: { kind: 'builtin', model: null },
};

/** Every event a body yields, in order. */
async function eventsOf(chunks: string[]): Promise<(GenerationEvent | null)[]> {
  const events: (GenerationEvent | null)[] = [];
  await readEventStream(streamOf(chunks), (frame) => events.push(toGenerationEvent(frame)));
  return events;
}

describe('generation SSE frames', () => {
  it('reads stage, delta, done and error frames that carry their type, split anywhere', async () => {
    const body = [
      'event: stage\ndata: {"type":"stage","stage":"searching_sources"}\n\n',
      'event: stage\ndata: {"type":"stage","st',
      'age":"writing"}\n\nevent: delta\ndata: {"type":"delta","text":"Plants "}\n\n',
      `event: done\ndata: ${JSON.stringify({ type: 'done', result: RESULT })}\n\n`,
      'event: error\ndata: {"type":"error","code":"model_failed","message":"The model failed."}\n\n',
    ];
    expect(await eventsOf(body)).toEqual([
      { type: 'stage', stage: 'searching_sources' },
      { type: 'stage', stage: 'writing' },
      { type: 'delta', text: 'Plants ' },
      { type: 'done', result: RESULT },
      { type: 'error', code: 'model_failed', message: 'The model failed.' },
    ]);
  });

  it('takes the type from the event name and reads the API envelopes', async () => {
    const body = [
      'event: stage\ndata: {"stage":"filtering_sources"}\n\n',
      'event: delta\ndata: {"text":"more"}\n\n',
      `event: done\ndata: ${JSON.stringify({ data: RESULT })}\n\n`,
      'event: error\ndata: {"error":{"code":"word_limit_reached","message":"No words left."}}\n\n',
    ];
    expect(await eventsOf(body)).toEqual([
      { type: 'stage', stage: 'filtering_sources' },
      { type: 'delta', text: 'more' },
      { type: 'done', result: RESULT },
      { type: 'error', code: 'word_limit_reached', message: 'No words left.' },
    ]);
  });

  it('ignores frames that are no generation event', () => {
    expect(toGenerationEvent({ event: 'stage', data: '{"stage":"dreaming"}' })).toBeNull();
    expect(toGenerationEvent({ event: 'message', data: 'keep-alive' })).toBeNull();
    expect(toGenerationEvent({ event: 'done', data: '{"result":{"id":"r1"}}' })).toBeNull();
  });
});
