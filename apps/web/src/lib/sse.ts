/** One Server-Sent Event: its `event` name (`message` when none was given) and its `data` lines joined. */
export type StreamEvent = { event: string; data: string };

/**
 * Reads a `text/event-stream` body and calls `onEvent` for each complete event, in order. Chunks may split
 * an event, a line or a multi-byte character anywhere; CRLF, CR and LF line ends are all accepted, comment
 * lines (`:`) are skipped, and an event without data is not dispatched (as in the HTML standard).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let name = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') });
    name = '';
    data = [];
  };

  const takeLines = (final: boolean) => {
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      // A lone CR at the very end may be the first half of a CRLF still on its way.
      if (!match || (match[0] === '\r' && match.index === buffer.length - 1 && !final)) break;
      const line = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      if (line === '') {
        dispatch();
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      takeLines(false);
    }
    buffer += decoder.decode();
    takeLines(true);
    // The standard drops an event the stream ended in the middle of; so do we.
  } finally {
    reader.releaseLock();
  }
}
