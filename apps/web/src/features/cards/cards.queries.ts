import type { Deck } from '@quire/contracts';
import { useQuery } from '@tanstack/react-query';
import { queryClient, remoteOf } from '../../lib/query-client';
import { fetchDeck, fetchDecks, fetchProgress, fetchStudySession } from './cards.api';

export const cardsKeys = {
  all: ['cards'] as const,
  decks: ['cards', 'decks'] as const,
  deck: (deckId: string) => ['cards', 'deck', deckId] as const,
  progress: (deckId: string) => ['cards', 'progress', deckId] as const,
  study: (deckId: string, round: number) => ['cards', 'study', deckId, round] as const,
};

export function useDecks() {
  const query = useQuery({ queryKey: cardsKeys.decks, queryFn: ({ signal }) => fetchDecks({ signal }) });
  return { state: remoteOf(query), reload: () => void query.refetch() };
}

/** One deck; `replace` takes the deck as changed on the server, and the deck list is asked for again. */
export function useDeck(deckId: string) {
  const query = useQuery({ queryKey: cardsKeys.deck(deckId), queryFn: ({ signal }) => fetchDeck(deckId, { signal }) });
  return {
    state: remoteOf(query),
    reload: () => void query.refetch(),
    replace: (next: Deck) => {
      queryClient.setQueryData(cardsKeys.deck(deckId), next);
      void queryClient.invalidateQueries({ queryKey: cardsKeys.decks });
    },
  };
}

export function useDeckProgress(deckId: string) {
  const query = useQuery({
    queryKey: cardsKeys.progress(deckId),
    queryFn: ({ signal }) => fetchProgress(deckId, { signal }),
  });
  return { state: remoteOf(query), reload: () => void query.refetch() };
}

/** A round's due cards, asked for afresh each time study mode opens: a kept round would show graded cards. */
export function useStudySession(deckId: string, round: number) {
  const query = useQuery({
    queryKey: cardsKeys.study(deckId, round),
    queryFn: ({ signal }) => fetchStudySession(deckId, { signal }),
    gcTime: 0,
  });
  return { state: remoteOf(query), reload: () => void query.refetch() };
}

/** A deck was deleted: it leaves the cache and the list is asked for again. */
export function forgetDeck(deckId: string): void {
  queryClient.removeQueries({ queryKey: cardsKeys.deck(deckId) });
  void queryClient.invalidateQueries({ queryKey: cardsKeys.decks });
}

/** A deck was made (created or imported): it is known at once and the list is asked for again. */
export function deckCreated(deck: Deck): void {
  queryClient.setQueryData(cardsKeys.deck(deck.id), deck);
  void queryClient.invalidateQueries({ queryKey: cardsKeys.decks });
}
