/** A stream's pieces of text, gathered before they are sent on. */
export type TextBatches = {
  add: (text: string) => void;
  /** Sends what is gathered now (before the stream's end or failure is told). */
  flush: () => void;
  /** Forgets what is gathered (the stream was cancelled). */
  drop: () => void;
};

/**
 * Sends a stream's pieces on together: the first at the end of the event loop's turn it came in, each later
 * one `intervalMs` after the one before at the soonest, with whatever came meanwhile. A model sends a piece
 * (a few characters) every 10–30 ms; each piece sent on costs the serving thread a message, an event, a
 * socket write and, in the browser, a rendering. Pieces of the same turn go together in any case (a thread
 * that fell behind reads several at once). The first piece is not held back, nor is the last: `flush` sends
 * it when the stream ends.
 */
export function textBatches(send: (text: string) => void, { intervalMs }: { intervalMs: number }): TextBatches {
  let waiting = '';
  let soon: NodeJS.Immediate | null = null;
  let later: NodeJS.Timeout | null = null;
  let sentAt = Number.NEGATIVE_INFINITY;
  const cancelScheduled = () => {
    if (soon) clearImmediate(soon);
    if (later) clearTimeout(later);
    soon = null;
    later = null;
  };
  const flush = () => {
    cancelScheduled();
    if (waiting === '') return;
    const text = waiting;
    waiting = '';
    sentAt = performance.now();
    send(text);
  };
  return {
    add: (text) => {
      waiting += text;
      if (soon || later) return;
      const wait = sentAt + intervalMs - performance.now();
      if (wait > 0) later = setTimeout(flush, wait);
      else soon = setImmediate(flush);
    },
    flush,
    drop: () => {
      cancelScheduled();
      waiting = '';
    },
  };
}
