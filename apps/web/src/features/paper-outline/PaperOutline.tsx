import { useId, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { OutlineView } from './OutlineView';
import { useDocumentOutline } from './structure.queries';
import './paper-outline-styles';

/**
 * One of the user's documents as Quire read it (issue #27 item 2): title, authors, abstract, sections and
 * references, or why there is nothing to show yet. Only for documents: web articles have no structure.
 */
export function PaperOutline({ documentId }: { documentId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const view = useDocumentOutline(documentId);

  function retry(again: () => void) {
    // The button goes while the outline loads again; the focus waits on the heading instead of the page.
    headingRef.current?.focus();
    again();
  }

  return (
    <section className="paper-outline" aria-labelledby={headingId} data-testid="paper-outline" data-state={view.kind}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="paper-outline__heading">
        {t('paperOutline.title')}
      </h2>
      {view.kind === 'loading' ? (
        <p className="paper-outline__status" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('paperOutline.loading')}
        </p>
      ) : view.kind === 'error' ? (
        <div className="notice notice--error paper-outline__notice" role="alert" data-testid="paper-outline-error">
          <p>{view.message}</p>
          <button type="button" className="button button--small button--secondary" onClick={() => retry(view.retry)}>
            {t('paperOutline.retry')}
          </button>
        </div>
      ) : view.kind === 'empty' ? (
        <p className="paper-outline__note muted" data-testid="paper-outline-empty">
          {t('paperOutline.empty')}
        </p>
      ) : (
        <OutlineView structure={view.structure} />
      )}
    </section>
  );
}
