import { describe, expect, it } from 'vitest';
import { streamOf } from '../test/streams';
import { readEventStream, type StreamEvent } from './sse';

async function collect(chunks: readonly (string | Uint8Array)[]): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  await readEventStream(streamOf(chunks), (event) => events.push(event));
  return events;
}

describe('readEventStream', () => {
  it('puts events split across chunks back together', async () => {
    expect(
      await collect(['eve', 'nt: delta\nda', 'ta: {"text":"Hel', 'lo"}\n', '\nevent: done\ndata: {}\n\n']),
    ).toEqual([
      { event: 'delta', data: '{"text":"Hello"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('accepts CRLF split between chunks, joins data lines, skips comments and unnamed events are messages', async () => {
    expect(await collect([': keep-alive\r', '\n\r\ndata: a\r', '\ndata: b\r\n\r\n'])).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('keeps a multi-byte character split across chunks whole and drops an unfinished event', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Ü"}\n\nevent: delta\ndata: lost');
    const split = bytes.indexOf(0xc3) + 1;
    expect(await collect([bytes.slice(0, split), bytes.slice(split)])).toEqual([
      { event: 'delta', data: '{"text":"Ü"}' },
    ]);
  });
});
