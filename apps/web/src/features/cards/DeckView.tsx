import type { Deck } from '@quire/contracts';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { CardEditor } from './CardEditor';
import { CardList } from './CardList';
import { addCard } from './cards.api';
import { forgetDeck, useDeck, useDeckProgress } from './cards.queries';
import type { CardsNavigation } from './cards-navigation';
import { DeckHeader } from './DeckHeader';
import { ProgressChart } from './ProgressChart';

type Props = { deckId: string; navigation: CardsNavigation };

/** One deck: its name and actions, its progress, its cards to edit and reorder, and a form for one more card. */
export function DeckView({ deckId, navigation }: Props) {
  const { t } = useTranslation();
  const deck = useDeck(deckId);
  const progress = useDeckProgress(deckId);
  const backRef = useRef<HTMLAnchorElement>(null);
  const addTitleId = useId();

  // Opening a deck moves the focus into it, as a page change would.
  useEffect(() => backRef.current?.focus(), []);

  const back = (
    <Link ref={backRef} className="cards__back" to={{ search: '' }} data-testid="deck-back">
      {t('cards.deck.back')}
    </Link>
  );
  if (deck.state.kind === 'loading') {
    return (
      <div className="deck-view">
        {back}
        <p className="muted" role="status" data-testid="deck-loading">
          <span className="spinner" aria-hidden="true" />
          {t('cards.deck.loading')}
        </p>
      </div>
    );
  }
  if (deck.state.kind === 'error') {
    return (
      <div className="deck-view">
        {back}
        <div className="notice notice--error" role="alert" data-testid="deck-error">
          <p>{deck.state.message}</p>
          {deck.state.code !== 'not_found' && (
            <button type="button" className="button button--secondary button--small" onClick={deck.reload}>
              {t('cards.list.retry')}
            </button>
          )}
        </div>
      </div>
    );
  }

  const current = deck.state.value;
  const change = (next: Deck) => deck.replace(next);
  const counts = progress.state.kind === 'ready' ? progress.state.value.counts : current.counts;

  return (
    <div className="deck-view" data-testid="deck-view" data-deck-id={current.id}>
      {back}
      <DeckHeader
        deck={current}
        due={counts.due}
        onRenamed={(summary) => change({ ...current, ...summary })}
        onDeleted={() => {
          forgetDeck(current.id);
          navigation.openList();
        }}
        onStudy={() => navigation.openStudy(current.id)}
      />
      <section className="deck-view__progress" aria-label={t('cards.chart.title')}>
        <ProgressChart counts={counts} days={progress.state.kind === 'ready' ? progress.state.value.days : undefined} />
      </section>
      <CardList deck={current} onChange={change} onCountsChanged={progress.reload} />
      <section className="deck-view__add" aria-labelledby={addTitleId}>
        <h3 id={addTitleId}>{t('cards.deck.addTitle')}</h3>
        <CardEditor
          onSave={async (draft) => {
            const card = await addCard(current.id, draft);
            change({ ...current, cards: [...current.cards, card] });
            progress.reload();
          }}
          saveLabel={t('cards.deck.add')}
          resetAfterSave
          testId="card-add"
        />
      </section>
    </div>
  );
}
