import { type ApiErrorBody, chatEndpoints, type LocaleCode } from '@quire/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AiGateway } from '../../ai/gateway';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { endpointRoute } from '../../http/endpoint-route';
import { translator } from '../../http/i18n';
import { signedInUserId } from '../../http/signed-in-user';
import { GENERATION_LIMITS, type GenerationLimits, takeModelCall } from '../generation/generation.limits';
import { presentMessage } from './chat.present';
import { answerQuestion, type ChatSourceKind, conversation, readySource } from './chat.service';
import { answerLibraryQuestion, librarySources } from './library-answer';

export type ChatRoutesOptions = {
  db: Database;
  ai: AiGateway;
  /** Questions a user may ask a minute (`startsPerMinute`); GENERATION_LIMITS unless raised for load tests. */
  limits?: GenerationLimits;
};

/** Chat with a source (spec §7): GET the conversation, POST a question — streamed when asked for SSE. */
export async function chatRoutes(
  app: FastifyInstance,
  { db, ai, limits = GENERATION_LIMITS }: ChatRoutesOptions,
): Promise<void> {
  for (const kind of ['documents', 'articles'] as const satisfies ChatSourceKind[]) {
    const endpoints = ENDPOINTS[kind];
    endpointRoute(app, endpoints.messages, { config: { auth: 'user' } }, async ({ params }, request) =>
      (await conversation(db, signedInUserId(request), kind, params.id)).map(presentMessage),
    );

    endpointRoute(
      app,
      endpoints.ask,
      { config: { auth: 'user', tool: 'source-qa' } },
      async ({ params, body }, request, reply) => {
        const { content } = body;
        const userId = signedInUserId(request);
        // Not found, not ready and too many questions are ordinary error answers, also for a client that
        // asked for a stream.
        const source = await readySource(db, userId, kind, params.id);
        await takeModelCall(db, userId, 'source-chat', limits);
        const signal = abortWhenClientLeaves(reply);
        const question = { db, ai, userId, source, question: content, locale: request.locale, signal };
        if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
          try {
            return presentMessage(await answerQuestion(question));
          } catch (error) {
            if (!signal.aborted) throw error;
            request.log.info('the client left before its answer was ready; nothing was stored');
            return reply.hijack();
          }
        }
        const events = openEventStream(reply);
        try {
          const answer = await answerQuestion({ ...question, onText: (text) => events.send('delta', { text }) });
          events.send('done', presentMessage(answer));
        } catch (error) {
          if (signal.aborted) request.log.info('the client left while its answer was written; nothing was stored');
          else events.send('error', streamedError(request, error));
        } finally {
          events.end();
        }
      },
    );
  }
  endpointRoute(
    app,
    chatEndpoints.askLibrary,
    { config: { auth: 'user', tool: 'source-qa' } },
    async ({ body }, request, reply) => {
      const userId = signedInUserId(request);
      const sources = await librarySources(db, userId, body.source_ids);
      await takeModelCall(db, userId, 'source-chat', limits);
      const signal = abortWhenClientLeaves(reply);
      const question = { db, ai, sources, question: body.content, locale: request.locale, signal };
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        try {
          return await answerLibraryQuestion(question);
        } catch (error) {
          if (!signal.aborted) throw error;
          request.log.info('the client left before its library answer was ready');
          return reply.hijack();
        }
      }
      const events = openEventStream(reply);
      try {
        const answer = await answerLibraryQuestion({ ...question, onText: (text) => events.send('delta', { text }) });
        events.send('done', answer);
      } catch (error) {
        if (signal.aborted) request.log.info('the client left while its library answer was written');
        else events.send('error', streamedError(request, error));
      } finally {
        events.end();
      }
    },
  );
}

const ENDPOINTS = {
  documents: { messages: chatEndpoints.documentMessages, ask: chatEndpoints.askDocument },
  articles: { messages: chatEndpoints.articleMessages, ask: chatEndpoints.askArticle },
};

/** Aborted when the connection closes before the answer was sent: the model call then stops too. */
function abortWhenClientLeaves(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  return controller.signal;
}

/**
 * Server-Sent Events: `delta` events with the answer's text as it is written, then `done` with the stored
 * message (its checked text replaces what was streamed) or `error` with a translated error. Written to the
 * socket directly, so no compression holds pieces back.
 */
function openEventStream(reply: FastifyReply) {
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
    send: (event: 'delta' | 'done' | 'error', data: unknown) => {
      if (!reply.raw.writableEnded) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: () => {
      if (!reply.raw.writableEnded) reply.raw.end();
    },
  };
}

/** The error body a JSON answer would carry; anything but a catalogue error is logged and stays internal. */
function streamedError(request: FastifyRequest, error: unknown): ApiErrorBody {
  if (!(error instanceof AppError)) request.log.error({ err: error }, 'answering a question failed');
  const code = error instanceof AppError ? error.code : 'internal_error';
  return { error: { code, message: translate(request.locale, code) } };
}

function translate(locale: LocaleCode, code: ApiErrorBody['error']['code']): string {
  return translator(locale)(`errors:${code}`);
}
