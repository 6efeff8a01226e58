import type { Deck } from '@quire/contracts';
import { type KeyboardEvent, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CreateDeckForm } from './CreateDeckForm';
import { ImportDeckForm } from './ImportDeckForm';

const WAYS = ['source', 'text', 'import'] as const;
type Way = (typeof WAYS)[number];

type Props = {
  /** The chosen way's tab, focused by the empty list's call to action. */
  startRef: RefObject<HTMLButtonElement | null>;
  onCreated: (deck: Deck) => void;
};

/** The three ways to a new deck as tabs: cards made from a source, from a pasted text, or a CSV file imported. */
export function NewDeck({ startRef, onCreated }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [way, setWay] = useState<Way>('source');
  const tabs = useRef<Record<Way, HTMLButtonElement | null>>({ source: null, text: null, import: null });

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = WAYS.indexOf(way);
    const next =
      event.key === 'ArrowRight'
        ? WAYS[(index + 1) % WAYS.length]
        : event.key === 'ArrowLeft'
          ? WAYS[(index + WAYS.length - 1) % WAYS.length]
          : event.key === 'Home'
            ? WAYS[0]
            : event.key === 'End'
              ? WAYS.at(-1)
              : undefined;
    if (!next) return;
    event.preventDefault();
    setWay(next);
    tabs.current[next]?.focus();
  }

  return (
    <section className="new-deck" aria-labelledby={`${id}-title`} data-testid="new-deck">
      <h2 id={`${id}-title`}>{t('cards.create.title')}</h2>
      <div className="new-deck__tabs" role="tablist" aria-label={t('cards.create.ways')}>
        {WAYS.map((value) => (
          <button
            key={value}
            ref={(element) => {
              tabs.current[value] = element;
              if (value === way) startRef.current = element;
            }}
            id={`${id}-tab-${value}`}
            type="button"
            role="tab"
            className="new-deck__tab"
            aria-selected={way === value}
            aria-controls={`${id}-panel`}
            tabIndex={way === value ? 0 : -1}
            onClick={() => setWay(value)}
            onKeyDown={onTabKey}
            data-testid={`new-deck-${value}`}
          >
            {t(`cards.create.tabs.${value}`)}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${way}`} className="new-deck__panel">
        {way === 'import' ? (
          <ImportDeckForm onImported={onCreated} />
        ) : (
          <CreateDeckForm key={way} from={way} onCreated={onCreated} />
        )}
      </div>
    </section>
  );
}
