import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../auth';
import type { CardsNavigation } from './cards-navigation';
import { DeckList } from './DeckList';
import { DeckView } from './DeckView';
import { StudyView } from './StudyView';
import './cards-styles';

/**
 * Flashcards (spec §1 Cards, `/feature/cards`): decks made from a source, a pasted text or a CSV file, each
 * edited card by card, studied with spaced repetition (keys Space and 1–4) and shown with its progress.
 * Visitors are asked to sign in first.
 */
export function Cards() {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (useSession()) return <CardsTool />;
  return (
    <p className="notice" data-testid="cards-sign-in">
      {t('cards.signIn.text')} <Link to={to('login')}>{t('cards.signIn.link')}</Link>
    </p>
  );
}

function CardsTool() {
  const [params, setParams] = useSearchParams();
  const deckId = params.get('deck');
  const studying = params.get('study') === '1';
  const openList = useCallback(() => setParams({}), [setParams]);
  const openDeck = useCallback((id: string) => setParams({ deck: id }), [setParams]);
  const openStudy = useCallback((id: string) => setParams({ deck: id, study: '1' }), [setParams]);
  const navigation: CardsNavigation = { openList, openDeck, openStudy };

  return (
    <section className="cards" data-testid="cards">
      {!deckId ? (
        <DeckList navigation={navigation} />
      ) : studying ? (
        <StudyView key={deckId} deckId={deckId} navigation={navigation} />
      ) : (
        <DeckView key={deckId} deckId={deckId} navigation={navigation} />
      )}
    </section>
  );
}
