import type { Card, Deck, DeckCounts, DeckProgress, DeckSummary } from '@quire/contracts';
import { json, STATUS_OK, type StubbedCall, stubFetch } from '../../test/fetch-stub';
import { testProfile } from '../../test/profile';
import { aSource } from '../../test/sources';

const NOW = '2026-03-10T09:00:00Z';

/** A card as the server presents it: new and due now unless told otherwise. */
export function aCard(overrides: Partial<Card> = {}): Card {
  return {
    id: 'c1',
    deck_id: 'd1',
    position: 0,
    kind: 'definition',
    front: 'What is photosynthesis?',
    back: 'Plants turning light into sugar.',
    passage: null,
    page: null,
    state: 'new',
    due: NOW,
    reps: 0,
    lapses: 0,
    last_review: null,
    ...overrides,
  };
}

/** A deck of `cards` (three new ones by default) with counts that match them. */
export function aDeck(overrides: Partial<Omit<Deck, 'counts'>> = {}): Deck {
  const id = overrides.id ?? 'd1';
  const cards = (
    overrides.cards ?? [
      aCard({ id: 'c1', front: 'Photosynthesis', back: 'Light into sugar' }),
      aCard({ id: 'c2', front: 'Chlorophyll', back: 'The green pigment' }),
      aCard({ id: 'c3', front: 'Stomata', back: 'Pores in a leaf' }),
    ]
  ).map((card, position) => ({ ...card, deck_id: id, position }));
  const deck = {
    id,
    name: 'Biology',
    language: 'en' as const,
    source_id: null,
    engine: 'builtin' as const,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
    cards,
  };
  return { ...deck, counts: countsOf(cards) };
}

export function countsOf(cards: readonly Card[], now = Date.parse(NOW)): DeckCounts {
  return {
    total: cards.length,
    new: cards.filter((card) => card.state === 'new').length,
    learning: cards.filter((card) => card.state === 'learning' || card.state === 'relearning').length,
    known: cards.filter((card) => card.state === 'review').length,
    due: cards.filter((card) => Date.parse(card.due) <= now).length,
  };
}

const summary = ({ cards: _cards, ...deck }: Deck): DeckSummary => deck;
const notFound = () => json(404, { error: { code: 'not_found', message: 'This deck was not found.' } });

export type CardsServer = {
  decks: Deck[];
  /** Reviews answered, in order. */
  reviews: { cardId: string; grade: number }[];
};

type Overrides = Partial<
  Record<
    'create' | 'import' | 'deleteCard' | 'reorder' | 'review' | 'export',
    (call: StubbedCall) => Response | Promise<Response>
  >
>;

/**
 * The app's answers for the Cards page: status, profile and sources as the other features need them, and the
 * cards API (contracts cards.ts) over `server.decks`, changed by the calls as the real server would. A review
 * makes a new card learning and due in ten minutes. `overrides` answer single calls differently.
 */
export function serveCards(server: CardsServer, overrides: Overrides = {}) {
  return stubFetch((call) => {
    const { pathname, searchParams } = new URL(call.url, 'http://localhost');
    if (pathname === '/api/status') return json(200, STATUS_OK);
    if (pathname === '/api/auth/user/customer') return json(200, { data: testProfile() });
    if (pathname === '/doc/documents') {
      return json(200, {
        data: [
          aSource({ id: 's1', name: 'Thesis.pdf' }),
          aSource({ id: 's2', name: 'Reading.pdf', state: 'processing', progress: 40 }),
        ],
      });
    }
    if (pathname === '/doc/websites') return json(200, { data: [] });
    const match = /^\/api\/cards\/decks(?:\/([^/]+))?(?:\/(.+))?$/.exec(pathname);
    if (!match) return json(404, { error: { code: 'not_found', message: 'Not found' } });
    const [, deckId, rest = ''] = match;
    const body = call.body as Record<string, unknown>;

    if (!deckId) {
      if (call.method === 'GET') return json(200, { data: server.decks.map(summary) });
      if (overrides.create) return overrides.create(call);
      const deck = aDeck({ id: `d${server.decks.length + 1}`, name: String(body.name ?? 'Made from text') });
      server.decks.unshift(deck);
      return json(201, { data: deck });
    }
    if (deckId === 'import' && call.method === 'POST') {
      if (overrides.import) return overrides.import(call);
      const deck = aDeck({ id: 'imported', name: String(body.name), language: body.language as Deck['language'] });
      server.decks.unshift(deck);
      return json(201, { data: deck });
    }
    const deck = server.decks.find((candidate) => candidate.id === deckId);
    if (!deck) return notFound();
    const save = (next: Deck) => {
      const counted = { ...next, counts: countsOf(next.cards) };
      server.decks = server.decks.map((candidate) => (candidate.id === deckId ? counted : candidate));
      return counted;
    };

    if (rest === '') {
      if (call.method === 'GET') return json(200, { data: deck });
      if (call.method === 'PATCH') return json(200, { data: summary(save({ ...deck, name: String(body.name) })) });
      if (call.method === 'DELETE') {
        server.decks = server.decks.filter((candidate) => candidate.id !== deckId);
        return json(200, { data: { deleted: true } });
      }
    }
    if (rest === 'cards' && call.method === 'POST') {
      const card = aCard({
        id: `c${Date.now()}`,
        deck_id: deck.id,
        position: deck.cards.length,
        front: String(body.front),
        back: String(body.back),
      });
      save({ ...deck, cards: [...deck.cards, card] });
      return json(201, { data: card });
    }
    if (rest === 'order' && call.method === 'PUT') {
      if (overrides.reorder) return overrides.reorder(call);
      const ids = body.card_ids as string[];
      const cards = ids.map((id, position) => ({ ...(deck.cards.find((card) => card.id === id) as Card), position }));
      return json(200, { data: save({ ...deck, cards }) });
    }
    if (rest === 'study') {
      const limit = Number(searchParams.get('limit') ?? 20);
      const due = deck.cards.filter((card) => Date.parse(card.due) <= Date.parse(NOW)).slice(0, limit);
      return json(200, { data: { cards: due, counts: countsOf(deck.cards) } });
    }
    if (rest === 'progress') return json(200, { data: progressOf(server, deck) });
    if (rest === 'export') {
      if (overrides.export) return overrides.export(call);
      return new Response('front,back\nPhotosynthesis,Light into sugar\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="biology.csv"' },
      });
    }
    const cardMatch = /^cards\/([^/]+)(\/review)?$/.exec(rest);
    const card = cardMatch && deck.cards.find((candidate) => candidate.id === cardMatch[1]);
    if (!cardMatch || !card) return notFound();
    if (cardMatch[2] && call.method === 'POST') {
      if (overrides.review) return overrides.review(call);
      server.reviews.push({ cardId: card.id, grade: Number(body.grade) });
      const reviewed: Card = { ...card, state: 'learning', reps: card.reps + 1, due: '2026-03-10T09:10:00Z' };
      const next = save({ ...deck, cards: deck.cards.map((item) => (item.id === card.id ? reviewed : item)) });
      return json(200, { data: { card: reviewed, counts: next.counts } });
    }
    if (call.method === 'PATCH') {
      const updated = { ...card, ...body };
      save({ ...deck, cards: deck.cards.map((item) => (item.id === card.id ? updated : item)) });
      return json(200, { data: updated });
    }
    if (call.method === 'DELETE') {
      if (overrides.deleteCard) return overrides.deleteCard(call);
      save({ ...deck, cards: deck.cards.filter((item) => item.id !== card.id) });
      return json(200, { data: { deleted: true } });
    }
    return notFound();
  });
}

function progressOf(server: CardsServer, deck: Deck): DeckProgress {
  const days = Array.from({ length: 30 }, (_, index) => ({
    date: new Date(Date.parse('2026-02-09T00:00:00Z') + index * 86_400_000).toISOString().slice(0, 10),
    reviews: 0,
    again: 0,
  }));
  const today = days.at(-1);
  if (today) {
    today.reviews = server.reviews.length;
    today.again = server.reviews.filter((review) => review.grade === 1).length;
  }
  return { counts: countsOf(deck.cards), days };
}

/** Calls to the cards API only. */
export const cardsCalls = (calls: StubbedCall[]) => calls.filter((call) => call.url.startsWith('/api/cards/'));
