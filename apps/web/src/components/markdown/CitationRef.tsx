import type { Citation } from '@quire/contracts';
import { Fragment } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import './citation-ref-styles';

type Props = {
  number: number;
  citation: Citation;
  /** Opens the cited passage; without it the reference stays text (a text still streaming in). */
  onCite?: (number: number, citation: Citation, trigger: HTMLButtonElement) => void;
};

/** A `[n]` reference in a generated text or an answer: a button that opens the passage it cites. */
export function CitationRef({ number, citation, onCite }: Props) {
  const { t } = useTranslation();
  if (!onCite) return <Fragment>[{number}]</Fragment>;
  return (
    <sup className="citation-ref">
      <button
        type="button"
        className="citation-ref__button"
        aria-haspopup="dialog"
        aria-label={t('sourceChat.citation.open', { number })}
        onClick={(event) => onCite(number, citation, event.currentTarget)}
        data-testid="citation-ref"
        data-citation={number}
      >
        [{number}]
      </button>
    </sup>
  );
}
