import {
  CardDraft,
  CardUpdate,
  CreateDeckRequest,
  DeckExportQuery,
  ImportDeckRequest,
  ReorderCardsRequest,
  ReviewRequest,
  StudyQuery,
  UpdateDeckRequest,
} from '@quire/contracts';
import type { FastifyInstance } from 'fastify';
import type { AiGateway } from '../../ai/gateway';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { signedInUserId } from '../../http/signed-in-user';
import { validate } from '../../http/validate';
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

type DeckParams = { Params: { id: string } };
type CardParams = { Params: { id: string; cardId: string } };

/**
 * Flashcard decks (contracts cards.ts), registered under `/api`. Making a deck, by generating or importing
 * it, is the 'cards' tool of the plans; studying and editing decks one already has is not.
 */
export async function cardsRoutes(
  app: FastifyInstance,
  { db, ai, config, limits = GENERATION_LIMITS, now = () => new Date() }: CardsRoutesOptions,
) {
  const user = { auth: 'user' } as const;
  const tool = { auth: 'user', tool: 'cards' } as const;

  app.get('/cards/decks', { config: user }, async (request) => ({
    data: await listUserDecks({ db, userId: signedInUserId(request), now: now() }),
  }));

  app.post('/cards/decks', { config: tool }, async (request, reply) => {
    const body = validate(CreateDeckRequest, request.body);
    const userId = signedInUserId(request);
    await takeModelCall(db, userId, 'flashcards', limits);
    const at = now();
    const { deck, cards } = await generateDeck(
      { db, ai, config, logger: request.log },
      { userId, request: body, locale: request.locale, now: at },
    );
    return reply.code(201).send({ data: presentDeck(deck, await deckCounts(db, deck.id, at), cards) });
  });

  app.post('/cards/decks/import', { config: tool }, async (request, reply) => {
    const body = validate(ImportDeckRequest, request.body);
    const deck = await importDeck({ db, userId: signedInUserId(request), request: body, now: now() });
    return reply.code(201).send({ data: deck });
  });

  app.get<DeckParams>('/cards/decks/:id', { config: user }, async (request) => ({
    data: await getDeck({ db, userId: signedInUserId(request), deckId: request.params.id, now: now() }),
  }));

  app.patch<DeckParams>('/cards/decks/:id', { config: user }, async (request) => {
    const { name } = validate(UpdateDeckRequest, request.body);
    const deckId = request.params.id;
    return { data: await renameUserDeck({ db, userId: signedInUserId(request), deckId, now: now(), name }) };
  });

  app.delete<DeckParams>('/cards/decks/:id', { config: user }, async (request) => {
    await deleteUserDeck({ db, userId: signedInUserId(request), deckId: request.params.id });
    return { data: { deleted: true } };
  });

  app.post<DeckParams>('/cards/decks/:id/cards', { config: user }, async (request, reply) => {
    const draft = validate(CardDraft, request.body);
    const card = await addCard({ db, userId: signedInUserId(request), deckId: request.params.id, now: now(), draft });
    return reply.code(201).send({ data: card });
  });

  app.patch<CardParams>('/cards/decks/:id/cards/:cardId', { config: user }, async (request) => {
    const changes = validate(CardUpdate, request.body);
    const { id: deckId, cardId } = request.params;
    return { data: await editCard({ db, userId: signedInUserId(request), deckId, cardId, now: now(), changes }) };
  });

  app.delete<CardParams>('/cards/decks/:id/cards/:cardId', { config: user }, async (request) => {
    const { id: deckId, cardId } = request.params;
    await deleteUserCard({ db, userId: signedInUserId(request), deckId, cardId, now: now() });
    return { data: { deleted: true } };
  });

  app.put<DeckParams>('/cards/decks/:id/order', { config: user }, async (request) => {
    const { card_ids: cardIds } = validate(ReorderCardsRequest, request.body);
    const deckId = request.params.id;
    return { data: await reorderDeck({ db, userId: signedInUserId(request), deckId, now: now(), cardIds }) };
  });

  app.get<DeckParams>('/cards/decks/:id/study', { config: user }, async (request) => {
    const { limit } = validate(StudyQuery, request.query);
    const deckId = request.params.id;
    return { data: await studySession({ db, userId: signedInUserId(request), deckId, now: now(), limit }) };
  });

  app.post<CardParams>('/cards/decks/:id/cards/:cardId/review', { config: user }, async (request) => {
    const { grade } = validate(ReviewRequest, request.body);
    const { id: deckId, cardId } = request.params;
    return { data: await reviewCard({ db, userId: signedInUserId(request), deckId, cardId, now: now(), grade }) };
  });

  app.get<DeckParams>('/cards/decks/:id/progress', { config: user }, async (request) => ({
    data: await deckProgress({ db, userId: signedInUserId(request), deckId: request.params.id, now: now() }),
  }));

  app.get<DeckParams>('/cards/decks/:id/export', { config: user }, async (request, reply) => {
    const { format } = validate(DeckExportQuery, request.query);
    const file = await exportDeck({ db, userId: signedInUserId(request), deckId: request.params.id, format });
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  });
}
