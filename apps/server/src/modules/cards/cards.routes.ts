import { cardsEndpoints as endpoints } from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { AiGateway } from '../../ai/gateway';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { endpointRoute } from '../../http/endpoint-route';
import { signedInUserId } from '../../http/signed-in-user';
import { GENERATION_LIMITS, type GenerationLimits, takeModelCall } from '../generation/generation.limits';
import { exportDeck, importDeck } from './cards.files';
import { generateDeck } from './cards.generate';
import { presentDeck } from './cards.present';
import {
  addCard,
  deckProgress,
  deleteUserCard,
  deleteUserDeck,
  editCard,
  getDeck,
  listUserDecks,
  renameUserDeck,
  reorderDeck,
  reviewCard,
  studySession,
} from './cards.service';
import { deckCounts } from './cards.store';

export type CardsRoutesOptions = {
  db: Database;
  ai: AiGateway;
  config: Pick<Config, 'trial'>;
  /** Decks a user may generate a minute (`startsPerMinute`); GENERATION_LIMITS unless raised for load tests. */
  limits?: GenerationLimits;
  /** The clock studying runs on; tests move it forward to see cards come due again. */
  now?: () => Date;
};

/**
 * Flashcard decks (contracts cards.ts), registered under `/api`. Making a deck, by generating or importing
 * it, is the 'cards' tool of the plans; studying and editing decks one already has is not.
 */
export async function cardsRoutes(
  app: FastifyInstance,
  { db, ai, config, limits = GENERATION_LIMITS, now = () => new Date() }: CardsRoutesOptions,
) {
  const user = { config: { auth: 'user' } } as const;
  const tool = { config: { auth: 'user', tool: 'cards' } } as const;

  endpointRoute(app, endpoints.listDecks, user, async (_input, request) =>
    listUserDecks({ db, userId: signedInUserId(request), now: now() }),
  );

  endpointRoute(app, endpoints.createDeck, tool, async ({ body }, request) => {
    const userId = signedInUserId(request);
    await takeModelCall(db, userId, 'flashcards', limits);
    const at = now();
    const { deck, cards } = await generateDeck(
      { db, ai, config, logger: request.log },
      { userId, request: body, locale: request.locale, now: at },
    );
    return presentDeck(deck, await deckCounts(db, deck.id, at), cards);
  });

  endpointRoute(app, endpoints.importDeck, tool, async ({ body }, request) =>
    importDeck({ db, userId: signedInUserId(request), request: body, now: now() }),
  );

  endpointRoute(app, endpoints.getDeck, user, async ({ params }, request) =>
    getDeck({ db, userId: signedInUserId(request), deckId: params.id, now: now() }),
  );

  endpointRoute(app, endpoints.renameDeck, user, async ({ params, body }, request) =>
    renameUserDeck({ db, userId: signedInUserId(request), deckId: params.id, now: now(), name: body.name }),
  );

  endpointRoute(app, endpoints.deleteDeck, user, async ({ params }, request) => {
    await deleteUserDeck({ db, userId: signedInUserId(request), deckId: params.id });
    return { deleted: true } as const;
  });

  endpointRoute(app, endpoints.addCard, user, async ({ params, body }, request) =>
    addCard({ db, userId: signedInUserId(request), deckId: params.id, now: now(), draft: body }),
  );

  endpointRoute(app, endpoints.updateCard, user, async ({ params, body }, request) => {
    const { id: deckId, cardId } = params;
    return editCard({ db, userId: signedInUserId(request), deckId, cardId, now: now(), changes: body });
  });

  endpointRoute(app, endpoints.deleteCard, user, async ({ params }, request) => {
    const { id: deckId, cardId } = params;
    await deleteUserCard({ db, userId: signedInUserId(request), deckId, cardId, now: now() });
    return { deleted: true } as const;
  });

  endpointRoute(app, endpoints.reorderCards, user, async ({ params, body }, request) => {
    const cardIds = body.card_ids;
    return reorderDeck({ db, userId: signedInUserId(request), deckId: params.id, now: now(), cardIds });
  });

  endpointRoute(app, endpoints.study, user, async ({ params, query }, request) =>
    studySession({ db, userId: signedInUserId(request), deckId: params.id, now: now(), limit: query.limit }),
  );

  endpointRoute(app, endpoints.review, user, async ({ params, body }, request) => {
    const { id: deckId, cardId } = params;
    return reviewCard({ db, userId: signedInUserId(request), deckId, cardId, now: now(), grade: body.grade });
  });

  endpointRoute(app, endpoints.progress, user, async ({ params }, request) =>
    deckProgress({ db, userId: signedInUserId(request), deckId: params.id, now: now() }),
  );

  endpointRoute(app, endpoints.exportDeck, user, async ({ params, query }, request, reply) => {
    const file = await exportDeck({ db, userId: signedInUserId(request), deckId: params.id, format: query.format });
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  });
}
