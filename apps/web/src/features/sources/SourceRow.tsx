import type { Source } from '@quire/contracts';
import { currentLocale } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { ProgressBar } from './ProgressBar';
import { formatAddedDate, sourceFacts, sourceStateText, sourceTypeLabel } from './source-labels';

type Props = {
  source: Source;
  onDelete: (source: Source, button: HTMLButtonElement) => void;
};

/**
 * One source of the library: name, type badge, author, year, pages and the day it was added; its state in words
 * with a bar while it is being read; the PDF in a new tab (a signed, expiring link) and deletion.
 */
export function SourceRow({ source, onDelete }: Props) {
  const { t } = useTranslation();
  const state = sourceStateText(t, source);
  const facts = sourceFacts(t, source);
  const added = formatAddedDate(source.created_at, currentLocale());

  return (
    <li className="source-row" data-testid="source-row" data-state={source.state} data-source-id={source.id}>
      <div className="source-row__main">
        <h3 className="source-row__name">
          <span>{source.name}</span> <span className="badge source-row__type">{sourceTypeLabel(t, source.type)}</span>
        </h3>
        <p className="source-row__facts">
          {facts.join(' · ')}
          <span className="source-row__added"> · {t('sources.library.added', { date: added })}</span>
        </p>
      </div>
      <div className={`source-row__state source-row__state--${source.state}`}>
        <span data-testid="source-state">{state}</span>
        {source.state === 'processing' && (
          <ProgressBar
            value={source.progress}
            label={t('sources.library.readingLabel', { name: source.name })}
            valueText={state}
          />
        )}
      </div>
      <div className="source-row__actions">
        {source.pdf_url && (
          <a
            className="button button--small button--secondary"
            href={source.pdf_url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('sources.library.openLabel', { name: source.name })}
            data-testid="source-open"
          >
            {t('sources.library.open')}
          </a>
        )}
        <button
          type="button"
          className="button button--small button--danger"
          aria-label={t('sources.library.deleteLabel', { name: source.name })}
          onClick={(event) => onDelete(source, event.currentTarget)}
          data-testid="source-delete"
        >
          {t('sources.library.delete')}
        </button>
      </div>
    </li>
  );
}
