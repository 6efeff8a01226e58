import type { ErrorCode, GenerationEvent } from '@quire/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { translator } from '../../http/i18n';

export type EventStream = { send: (event: GenerationEvent) => void; end: () => void };

/** Whether the client asked for the answer as Server-Sent Events. */
export function wantsEventStream(request: FastifyRequest): boolean {
  return String(request.headers.accept ?? '').includes('text/event-stream');
}

/** Aborted when the connection closes before the answer was sent: the run then stops and charges nothing. */
export function abortWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  if (reply.raw.socket?.destroyed) controller.abort(new Error('the client closed the connection'));
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  return controller.signal;
}

/**
 * Server-Sent Events, one frame per GenerationEvent (`event: <type>` and `data: <the event as JSON>`).
 * Written to the socket directly, so compression cannot hold a stage or a piece of text back.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  // The headers set so far (security headers among them) go out with the stream.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  return {
    send: (event) => {
      if (!reply.raw.writableEnded) reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    end: () => {
      if (!reply.raw.writableEnded) reply.raw.end();
    },
  };
}

/** The `error` event for a failed run, translated; anything but a catalogue error is logged and stays internal. */
export function errorEvent(request: FastifyRequest, error: unknown): GenerationEvent {
  if (!(error instanceof AppError)) request.log.error({ err: error }, 'a writing tool failed');
  const code: ErrorCode = error instanceof AppError ? error.code : 'internal_error';
  const params = error instanceof AppError ? error.params : {};
  return { type: 'error', code, message: translator(request.locale)(`errors:${code}`, params) };
}
