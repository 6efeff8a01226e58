import type { Citation } from '@quire/contracts';
import type { RefObject } from 'react';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import './citation-styles';

type Props = {
  number: number;
  citation: Citation;
  /** The cited source's signed PDF link, when it has one. */
  pdfUrl: string | null;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
};

/** The passage behind a `[n]` reference, its page, and the PDF opened at that page (DESIGN "Show rather than tell"). */
export function CitationPanel({ number, citation, pdfUrl, onClose, returnFocus }: Props) {
  const { t } = useTranslation();
  const page = citation.page;
  return (
    <Dialog
      title={t('sourceChat.citation.title', { number })}
      onClose={onClose}
      returnFocus={returnFocus}
      testId="citation-panel"
    >
      <blockquote className="citation-panel__passage">
        <p>{citation.passage}</p>
      </blockquote>
      <p className="citation-panel__page muted" data-testid="citation-page">
        {page === null ? t('sourceChat.citation.noPage') : t('sourceChat.citation.page', { page })}
      </p>
      <div className="dialog__actions">
        {pdfUrl && (
          <a
            className="button button--secondary"
            href={page === null ? pdfUrl : `${pdfUrl}#page=${page}`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="citation-open-pdf"
          >
            {page === null ? t('sourceChat.citation.openPdf') : t('sourceChat.citation.openPdfAtPage')}
          </a>
        )}
        <button type="button" className="button" onClick={onClose}>
          {t('sourceChat.citation.close')}
        </button>
      </div>
    </Dialog>
  );
}
