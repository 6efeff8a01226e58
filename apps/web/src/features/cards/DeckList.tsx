import type { DeckSummary } from '@quire/contracts';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { deckCreated, useDecks } from './cards.queries';
import type { CardsNavigation } from './cards-navigation';
import { languageName } from './format';
import { NewDeck } from './NewDeck';
import { ProgressChart } from './ProgressChart';

/** The deck list beside the ways to make a new deck; an empty list invites to make the first one. */
export function DeckList({ navigation }: { navigation: CardsNavigation }) {
  const { t } = useTranslation();
  const { state, reload } = useDecks();
  const startRef = useRef<HTMLButtonElement>(null);

  return (
    <div className="cards__layout">
      <NewDeck
        startRef={startRef}
        onCreated={(deck) => {
          deckCreated(deck);
          navigation.openDeck(deck.id);
        }}
      />
      <div className="cards__decks">
        <h2>{t('cards.list.title')}</h2>
        {state.kind === 'loading' ? (
          <p className="muted" role="status" data-testid="decks-loading">
            <span className="spinner" aria-hidden="true" />
            {t('cards.list.loading')}
          </p>
        ) : state.kind === 'error' ? (
          <div className="notice notice--error" role="alert" data-testid="decks-error">
            <p>{state.message}</p>
            <button type="button" className="button button--secondary button--small" onClick={reload}>
              {t('cards.list.retry')}
            </button>
          </div>
        ) : state.value.length === 0 ? (
          <div className="cards__empty" data-testid="decks-empty">
            <p className="cards__empty-title">{t('cards.list.emptyTitle')}</p>
            <p className="muted">{t('cards.list.emptyText')}</p>
            <button type="button" className="button" onClick={() => startRef.current?.focus()}>
              {t('cards.list.emptyAction')}
            </button>
          </div>
        ) : (
          <ul className="deck-list" data-testid="deck-list">
            {state.value.map((deck) => (
              <DeckRow key={deck.id} deck={deck} onStudy={() => navigation.openStudy(deck.id)} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function DeckRow({ deck, onStudy }: { deck: DeckSummary; onStudy: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="deck-row" data-testid="deck-row" data-deck-id={deck.id}>
      <div className="deck-row__head">
        <Link
          className="deck-row__name"
          to={{ search: `?deck=${encodeURIComponent(deck.id)}` }}
          data-testid="deck-open"
        >
          {deck.name}
        </Link>
        <span className="badge" lang={deck.language}>
          {languageName(deck.language)}
        </span>
      </div>
      <p className="deck-row__counts muted" data-testid="deck-counts">
        {t('cards.list.counts', { total: deck.counts.total, due: deck.counts.due })}
      </p>
      <ProgressChart counts={deck.counts} size="small" />
      <button
        type="button"
        className="button button--secondary button--small deck-row__study"
        onClick={onStudy}
        aria-label={t('cards.list.studyDeck', { name: deck.name })}
        data-testid="deck-study"
      >
        {t('cards.list.study')}
      </button>
    </li>
  );
}
