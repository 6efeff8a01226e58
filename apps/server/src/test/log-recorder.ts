import { Writable } from 'node:stream';
import { type Logger, pino } from 'pino';

/** One line the app logged, as pino writes it. */
export type LogLine = { level: number; msg: string; [field: string]: unknown };

export type LogRecorder = {
  logger: Logger;
  lines: LogLine[];
  /** Resolves with the first line (logged already or later) whose message matches; rejects after `timeoutMs`. */
  line: (message: string | RegExp, timeoutMs?: number) => Promise<LogLine>;
};

/**
 * A logger that keeps what the app logs, so a test can wait for the line the code writes when it is done
 * (a cancelled run says it stored nothing) instead of sleeping.
 */
export function recordLogs(level = 'info'): LogRecorder {
  const lines: LogLine[] = [];
  const waiters = new Set<() => void>();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      for (const waiter of waiters) waiter();
      done();
    },
  });
  const matches = (message: string | RegExp, line: LogLine) =>
    typeof message === 'string' ? line.msg === message : message.test(line.msg);
  return {
    logger: pino({ level }, sink),
    lines,
    line: (message, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find((line) => matches(message, line));
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no log line ${String(message)} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}
