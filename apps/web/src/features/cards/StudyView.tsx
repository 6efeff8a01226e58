import type { Deck, StudySession } from '@quire/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { currentLocale } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { useDeck, useStudySession } from './cards.queries';
import type { CardsNavigation } from './cards-navigation';
import { nextDue } from './deck.state';
import { formatDateTime } from './format';
import { ProgressChart } from './ProgressChart';
import { StudyRoundView } from './StudyRound';

type Props = { deckId: string; navigation: CardsNavigation };

/**
 * Study mode: the deck's due cards one round at a time; when nothing is due, when the next card will be. A new
 * round ("study more") asks the server for the cards due by then.
 */
export function StudyView({ deckId, navigation }: Props) {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const session = useStudySession(deckId, round);
  const deck = useDeck(deckId);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Opening study mode moves the focus into it, as a page change would.
  useEffect(() => headingRef.current?.focus(), []);

  const name = deck.state.kind === 'ready' ? deck.state.value.name : null;
  return (
    <div className="study-view" data-testid="study-view">
      <Link className="cards__back" to={{ search: `?deck=${encodeURIComponent(deckId)}` }} data-testid="study-back">
        {t('cards.study.back')}
      </Link>
      <h2 ref={headingRef} tabIndex={-1} className="study-view__title">
        {name ? t('cards.study.titleNamed', { name }) : t('cards.study.title')}
      </h2>
      {session.state.kind === 'loading' ? (
        <p className="muted" role="status" data-testid="study-loading">
          <span className="spinner" aria-hidden="true" />
          {t('cards.study.loading')}
        </p>
      ) : session.state.kind === 'error' ? (
        <div className="notice notice--error" role="alert" data-testid="study-error">
          <p>{session.state.message}</p>
          <button type="button" className="button button--secondary button--small" onClick={session.reload}>
            {t('cards.list.retry')}
          </button>
        </div>
      ) : session.state.value.cards.length === 0 ? (
        <NothingDue
          session={session.state.value}
          deck={deck.state.kind === 'ready' ? deck.state.value : null}
          onBack={() => navigation.openDeck(deckId)}
        />
      ) : (
        <StudyRoundView
          key={round}
          deckId={deckId}
          session={session.state.value}
          onMore={() => setRound((value) => value + 1)}
          onDone={() => navigation.openDeck(deckId)}
        />
      )}
    </div>
  );
}

function NothingDue({ session, deck, onBack }: { session: StudySession; deck: Deck | null; onBack: () => void }) {
  const { t } = useTranslation();
  const due = deck ? nextDue(deck.cards) : null;
  return (
    <div className="study-view__nothing" data-testid="study-nothing-due">
      <p className="cards__empty-title">{t('cards.study.nothingDue')}</p>
      {deck && (
        <p data-testid="study-next-due">
          {due ? t('cards.study.nextDue', { time: formatDateTime(due, currentLocale()) }) : t('cards.study.noCards')}
        </p>
      )}
      <ProgressChart counts={session.counts} size="small" />
      <button type="button" className="button button--secondary" onClick={onBack}>
        {t('cards.study.backToDeck')}
      </button>
    </div>
  );
}
