import { ChatMessageRequest } from '@quire/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { validate } from '../../http/validate';
import { signedInUserId } from '../accounts/accounts.routes';
import { presentMessage } from './chat.present';
import { askSource, type ChatSourceKind, conversation } from './chat.service';

/** Chat with a source (spec §7): GET the conversation, POST a question — streamed when asked for SSE. */
export async function chatRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  for (const kind of ['documents', 'articles'] as const satisfies ChatSourceKind[]) {
    app.get<{ Params: { id: string } }>(`/${kind}/:id/messages`, { config: { auth: 'user' } }, async (request) => ({
      data: (await conversation(db, signedInUserId(request), kind, request.params.id)).map(presentMessage),
    }));

    app.post<{ Params: { id: string } }>(
      `/${kind}/:id/messages`,
      { config: { auth: 'user' } },
      async (request, reply) => {
        const { content } = validate(ChatMessageRequest, request.body);
        const answer = presentMessage(
          await askSource({
            db,
            userId: signedInUserId(request),
            kind,
            sourceId: request.params.id,
            question: content,
            locale: request.locale,
          }),
        );
        if (!String(request.headers.accept ?? '').includes('text/event-stream'))
          return reply.code(201).send({ data: answer });
        return streamAnswer(reply, answer);
      },
    );
  }
}

/**
 * Server-Sent Events: the answer's text in `delta` events, then `done` with the stored message and its
 * citations. The built-in engine has its whole answer at once, so its events go out in one write; a
 * language model's arrive as it writes (the AI gateway).
 */
function streamAnswer(reply: FastifyReply, answer: ReturnType<typeof presentMessage>): FastifyReply {
  const paragraphs = answer.content.split(/(?<=\n\n)/);
  const events = [
    ...paragraphs.map((text) => `event: delta\ndata: ${JSON.stringify({ text })}\n\n`),
    `event: done\ndata: ${JSON.stringify(answer)}\n\n`,
  ];
  return reply
    .code(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('x-accel-buffering', 'no')
    .send(events.join(''));
}
