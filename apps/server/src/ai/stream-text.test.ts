import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { streamModelText } from './stream-text';

const settings = { timeoutMs: 5_000, maxRetries: 0, provider: 'test', model: 'test' };
const logger = { warn: () => {}, error: () => {} };

/** A model whose stream gives these parts, noting the call's options and when each part was read. */
function modelWith(parts: LanguageModelV3StreamPart[], events: string[]) {
  const calls: LanguageModelV3CallOptions[] = [];
  const model = {
    specificationVersion: 'v3',
    provider: 'test',
    modelId: 'test',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('not used')),
    doStream: async (options: LanguageModelV3CallOptions) => {
      calls.push(options);
      const queue = [...parts];
      const stream = new ReadableStream<LanguageModelV3StreamPart>(
        {
          pull(controller) {
            const part = queue.shift();
            if (!part) return controller.close();
            events.push(`read ${part.type}`);
            controller.enqueue(part);
          },
        },
        // Read on demand only, so the order of events is the reader's.
        { highWaterMark: 0 },
      );
      return { stream };
    },
  } as unknown as LanguageModelV3;
  return { model, calls };
}

describe('streamModelText', () => {
  it('tells the transport to pace the call once its first text has come, and only then', async () => {
    const events: string[] = [];
    const { model, calls } = modelWith(
      [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: '1' },
        { type: 'text-delta', id: '1', delta: 'Soil ' },
        { type: 'text-delta', id: '1', delta: 'holds water.' },
      ],
      events,
    );
    const paced: AbortSignal[] = [];
    const transport = {
      pace: (signal: AbortSignal) => {
        events.push('pace');
        paced.push(signal);
      },
    };
    const texts: string[] = [];
    for await (const text of streamModelText(model, { prompt: 'What does soil do?' }, settings, logger, transport)) {
      texts.push(text);
    }
    expect(texts).toEqual(['Soil ', 'holds water.']);
    expect(events).toEqual(['read stream-start', 'read text-start', 'read text-delta', 'pace', 'read text-delta']);
    // The call it paces is the one made: the provider hands this signal to its fetch.
    expect(paced).toEqual([calls[0]?.abortSignal]);
  });
});
