import type { Card, CardDraft, Deck } from '@quire/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CardRow } from './CardRow';
import { deleteCard, reorderCards, updateCard } from './cards.api';
import { failureMessage } from './cards-errors';
import { moveCard, removeCard, replaceCard } from './deck.state';

type Props = {
  deck: Deck;
  /** The deck as it is now: after a change here, or as the server answered it. */
  onChange: (deck: Deck) => void;
  /** After a card was added or deleted: the counts and the chart change. */
  onCountsChanged: () => void;
};

type Focus = { cardId: string; move: 'up' | 'down' } | { heading: true };

/**
 * The deck's cards in order. A move is shown at once and sent as the deck's whole new order; moves made while
 * one is under way are sent after it, and a refused order puts back the last one the server accepted.
 */
export function CardList({ deck, onChange, onCountsChanged }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const latest = useRef(deck);
  latest.current = deck;
  const confirmed = useRef<Card[]>(deck.cards);
  const sending = useRef(false);
  const queued = useRef<string[] | null>(null);
  const [focus, setFocus] = useState<Focus | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The focus follows a moved card to its new place, or goes to the heading when the focused card left.
  useEffect(() => {
    if (!focus) return;
    if ('heading' in focus) headingRef.current?.focus();
    else {
      const row = document.querySelector<HTMLElement>(`[data-testid="card-row"][data-card-id="${focus.cardId}"]`);
      row?.querySelector<HTMLElement>(`[data-move="${focus.move}"]`)?.focus();
    }
    setFocus(null);
  }, [focus]);

  function move(index: number, step: -1 | 1) {
    const card = deck.cards[index];
    const cards = moveCard(deck.cards, index, step);
    if (!card || cards[index] === deck.cards[index]) return;
    setError(null);
    onChange({ ...deck, cards });
    const target = index + step;
    const atEdge = target === 0 || target === cards.length - 1;
    setFocus({ cardId: card.id, move: atEdge ? (step < 0 ? 'down' : 'up') : step < 0 ? 'up' : 'down' });
    void sendOrder(cards.map((item) => item.id));
  }

  async function sendOrder(cardIds: string[]) {
    if (sending.current) {
      queued.current = cardIds;
      return;
    }
    sending.current = true;
    let next: string[] | null = cardIds;
    try {
      while (next) {
        queued.current = null;
        const answer = await reorderCards(deck.id, next);
        confirmed.current = answer.cards;
        next = queued.current;
        if (!next) onChange({ ...latest.current, ...answer });
      }
    } catch (failure) {
      queued.current = null;
      setError(failureMessage(failure, 'reordering cards'));
      onChange({ ...latest.current, cards: confirmed.current });
    } finally {
      sending.current = false;
    }
  }

  async function save(card: Card, update: Partial<CardDraft>) {
    const saved = await updateCard(deck.id, card.id, update);
    const cards = replaceCard(latest.current.cards, saved);
    confirmed.current = replaceCard(confirmed.current, saved);
    onChange({ ...latest.current, cards });
  }

  function deleted(card: Card) {
    confirmed.current = removeCard(confirmed.current, card.id);
    onChange({ ...latest.current, cards: removeCard(latest.current.cards, card.id) });
    setFocus({ heading: true });
    onCountsChanged();
  }

  return (
    <section className="card-list" aria-labelledby={titleId}>
      <h3 id={titleId} ref={headingRef} tabIndex={-1}>
        {t('cards.deck.cardsTitle', { count: deck.cards.length })}
      </h3>
      {error && (
        <p className="notice notice--error" role="alert" data-testid="reorder-error">
          {error}
        </p>
      )}
      {deck.cards.length === 0 ? (
        <p className="muted" data-testid="cards-none">
          {t('cards.deck.noCards')}
        </p>
      ) : (
        <ol className="card-list__items" data-testid="card-list">
          {deck.cards.map((card, index) => (
            <CardRow
              key={card.id}
              card={card}
              number={index + 1}
              first={index === 0}
              last={index === deck.cards.length - 1}
              onMove={(step) => move(index, step)}
              onSave={(update) => save(card, update)}
              onDelete={() => deleteCard(deck.id, card.id)}
              onDeleted={() => deleted(card)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
