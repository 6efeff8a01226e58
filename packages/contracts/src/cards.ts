import { z } from 'zod';
import { Deleted, defineEndpoint } from './endpoint';
import { LocaleCode } from './locale-schemas';

/**
 * Flashcards (spec §1 Cards), all for the signed-in user and only on their own decks; the calls are
 * `cardsEndpoints` below. Making a deck (generating or importing it) is the 'cards' tool: plans without it
 * get 402 `subscription_required`; studying and editing decks one already has is open to every plan.
 */

export const CARD_KINDS = ['cloze', 'definition', 'qa', 'basic'] as const;
export const CardKind = z.enum(CARD_KINDS);
export type CardKind = z.infer<typeof CardKind>;

/** FSRS card states (ts-fsrs State: New, Learning, Review, Relearning). */
export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export const CardState = z.enum(CARD_STATES);
export type CardState = z.infer<typeof CardState>;

/** 1 again, 2 hard, 3 good, 4 easy (ts-fsrs Rating), also the study mode's keys. */
export const CardGrade = z.number().int().min(1).max(4);
export type CardGrade = z.infer<typeof CardGrade>;

export const DECK_LIMITS = {
  name: 120,
  front: 1_000,
  back: 2_000,
  /** Cards per deck. */
  cards: 500,
  /** Pasted text to make a deck from, in characters. */
  text: 100_000,
  /** Words a pasted text needs before cards can be made from it. */
  minWords: 30,
  /** An imported CSV file, in characters. */
  csv: 1_000_000,
  /** Cards generated at once. */
  generate: { min: 5, max: 50, default: 20 },
} as const;

export const Card = z.object({
  id: z.string(),
  deck_id: z.string(),
  position: z.number().int().nonnegative(),
  kind: CardKind,
  front: z.string(),
  back: z.string(),
  /** The source passage the card was made from (and its page), to check it against. */
  passage: z.string().nullable(),
  page: z.number().int().nullable(),
  state: CardState,
  due: z.iso.datetime({ offset: true }),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  last_review: z.iso.datetime({ offset: true }).nullable(),
});
export type Card = z.infer<typeof Card>;

/**
 * A deck's progress (the chart): new = never studied, learning = learning or relearning, known = in review;
 * due = cards to study now (new ones included), total = all cards.
 */
export const DeckCounts = z.object({
  total: z.number().int().nonnegative(),
  new: z.number().int().nonnegative(),
  learning: z.number().int().nonnegative(),
  known: z.number().int().nonnegative(),
  due: z.number().int().nonnegative(),
});
export type DeckCounts = z.infer<typeof DeckCounts>;

export const DeckEngine = z.enum(['builtin', 'model', 'import', 'manual']);
export type DeckEngine = z.infer<typeof DeckEngine>;

export const DeckSummary = z.object({
  id: z.string(),
  name: z.string(),
  language: LocaleCode,
  source_id: z.string().nullable(),
  engine: DeckEngine,
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  counts: DeckCounts,
});
export type DeckSummary = z.infer<typeof DeckSummary>;

export const Deck = DeckSummary.extend({ cards: z.array(Card) });
export type Deck = z.infer<typeof Deck>;

const deckName = z.string().trim().min(1).max(DECK_LIMITS.name);
const count = z.number().int().min(DECK_LIMITS.generate.min).max(DECK_LIMITS.generate.max);

/** A deck from one of the user's usable sources, or from pasted text; the language is detected when absent. */
export const CreateDeckRequest = z.union([
  z.strictObject({
    source_id: z.string().min(1),
    name: deckName.optional(),
    language: LocaleCode.optional(),
    count: count.default(DECK_LIMITS.generate.default),
  }),
  z.strictObject({
    text: z.string().trim().min(1).max(DECK_LIMITS.text),
    name: deckName.optional(),
    language: LocaleCode.optional(),
    count: count.default(DECK_LIMITS.generate.default),
  }),
]);
export type CreateDeckRequest = z.infer<typeof CreateDeckRequest>;
export type CreateDeckInput = z.input<typeof CreateDeckRequest>;

/**
 * A CSV file's text: front,back per row (RFC 4180 quoting; semicolons or tabs when the first line has no
 * comma; a header row front,back in any of the six languages is skipped, and so are empty rows). A field
 * too long or a row with only one side fails validation at path `csv.<row>.front|back`, rows counted from
 * 1 with the header; more than DECK_LIMITS.cards rows is `deck_full`, none `cards_import_empty`.
 */
export const ImportDeckRequest = z.object({
  name: deckName,
  language: LocaleCode,
  csv: z.string().min(1).max(DECK_LIMITS.csv),
});
export type ImportDeckRequest = z.infer<typeof ImportDeckRequest>;

export const UpdateDeckRequest = z.object({ name: deckName });

export const CardDraft = z.object({
  front: z.string().trim().min(1).max(DECK_LIMITS.front),
  back: z.string().trim().min(1).max(DECK_LIMITS.back),
});
export type CardDraft = z.infer<typeof CardDraft>;

export const CardUpdate = CardDraft.partial().refine((value) => value.front !== undefined || value.back !== undefined);
export type CardUpdate = z.infer<typeof CardUpdate>;

/** Every card of the deck exactly once, in the new order. */
export const ReorderCardsRequest = z.object({ card_ids: z.array(z.string()).min(1).max(DECK_LIMITS.cards) });

export const StudyQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** The cards due now, the most overdue first, then new ones in deck order. */
export const StudySession = z.object({ cards: z.array(Card), counts: DeckCounts });
export type StudySession = z.infer<typeof StudySession>;

export const ReviewRequest = z.object({ grade: CardGrade });
export const ReviewResult = z.object({ card: Card, counts: DeckCounts });
export type ReviewResult = z.infer<typeof ReviewResult>;

/** The counts now and the reviews per day of the last 30 days (UTC dates, oldest first, days without reviews too). */
export const DeckProgress = z.object({
  counts: DeckCounts,
  days: z.array(
    z.object({ date: z.iso.date(), reviews: z.number().int().nonnegative(), again: z.number().int().nonnegative() }),
  ),
});
export type DeckProgress = z.infer<typeof DeckProgress>;

export const DeckExportQuery = z.object({ format: z.enum(['csv', 'anki']).default('csv') });

const decks = '/cards/decks';
const deck = `${decks}/:id`;
const card = `${deck}/cards/:cardId`;

export const cardsEndpoints = {
  /** Newest first. */
  listDecks: defineEndpoint({ method: 'GET', service: 'api', path: decks, response: z.array(DeckSummary) }),
  /** Generated from a usable source or a pasted text; answers when the deck is made. */
  createDeck: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: decks,
    body: CreateDeckRequest,
    response: Deck,
    status: 201,
    errors: ['cards_not_generated', 'source_not_ready'],
  }),
  importDeck: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: `${decks}/import`,
    body: ImportDeckRequest,
    response: Deck,
    status: 201,
    errors: ['deck_full', 'cards_import_empty'],
  }),
  getDeck: defineEndpoint({ method: 'GET', service: 'api', path: deck, response: Deck }),
  renameDeck: defineEndpoint({
    method: 'PATCH',
    service: 'api',
    path: deck,
    body: UpdateDeckRequest,
    response: DeckSummary,
  }),
  deleteDeck: defineEndpoint({ method: 'DELETE', service: 'api', path: deck, response: Deleted }),
  /** Appended to the deck. */
  addCard: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: `${deck}/cards`,
    body: CardDraft,
    response: Card,
    status: 201,
    errors: ['deck_full'],
  }),
  updateCard: defineEndpoint({ method: 'PATCH', service: 'api', path: card, body: CardUpdate, response: Card }),
  deleteCard: defineEndpoint({ method: 'DELETE', service: 'api', path: card, response: Deleted }),
  reorderCards: defineEndpoint({
    method: 'PUT',
    service: 'api',
    path: `${deck}/order`,
    body: ReorderCardsRequest,
    response: Deck,
    errors: ['cards_order_mismatch'],
  }),
  study: defineEndpoint({
    method: 'GET',
    service: 'api',
    path: `${deck}/study`,
    query: StudyQuery,
    response: StudySession,
  }),
  review: defineEndpoint({
    method: 'POST',
    service: 'api',
    path: `${card}/review`,
    body: ReviewRequest,
    response: ReviewResult,
  }),
  progress: defineEndpoint({ method: 'GET', service: 'api', path: `${deck}/progress`, response: DeckProgress }),
  /** The file: text/csv, or Anki's tab-separated text/plain, as an attachment. */
  exportDeck: defineEndpoint({
    method: 'GET',
    service: 'api',
    path: `${deck}/export`,
    query: DeckExportQuery,
    response: 'file',
  }),
};
