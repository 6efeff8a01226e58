import { IMPORT_MAX_BYTES, type ImportedEntry, type ImportResult } from '@quire/contracts';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { importCitations } from './search.api';

const MAX_MEGABYTES = IMPORT_MAX_BYTES / (1024 * 1024);

type Importing =
  | { state: 'idle' }
  | { state: 'importing'; name: string }
  | { state: 'done'; result: ImportResult }
  | { state: 'failed'; message: string };

/**
 * Importing a BibTeX, BibLaTeX, RIS or CSL-JSON file (from Zotero, say) into the library. A file over the
 * limit is refused before anything is sent; the answer says how many entries came in and how many were
 * skipped, and lists the new sources.
 */
export function ImportCitations({ onImported }: { onImported: (result: ImportResult) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState<Importing>({ state: 'idle' });
  const to = useLocalePath();

  async function start(file: File | undefined) {
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setImporting({ state: 'failed', message: t('findSources.import.tooLarge', { megabytes: MAX_MEGABYTES }) });
      return;
    }
    setImporting({ state: 'importing', name: file.name });
    try {
      const result = await importCitations(file);
      setImporting({ state: 'done', result });
      onImported(result);
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Importing citations failed', error);
      setImporting({ state: 'failed', message: error instanceof ApiError ? error.message : t('errors:generic_error') });
    }
  }

  return (
    <section className="citation-import" aria-labelledby={`${id}-title`} aria-busy={importing.state === 'importing'}>
      <h2 id={`${id}-title`} className="find-sources__panel-title">
        {t('findSources.import.title')}
      </h2>
      <p id={`${id}-hint`} className="muted citation-import__hint">
        {t('findSources.import.hint', { megabytes: MAX_MEGABYTES })}
      </p>
      <button
        type="button"
        className="button button--secondary"
        aria-describedby={`${id}-hint`}
        disabled={importing.state === 'importing'}
        onClick={() => inputRef.current?.click()}
        data-testid="import-button"
      >
        {t('findSources.import.choose')}
      </button>
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept=".bib,.bibtex,.ris,.json,application/x-bibtex,application/x-research-info-systems,application/vnd.citationstyles.csl+json,application/json,text/plain"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          void start(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid="import-input"
      />
      <p className="citation-import__status" role="status" data-testid="import-status">
        {importing.state === 'importing' && t('findSources.import.importing', { name: importing.name })}
        {importing.state === 'done' && (
          <>
            {t('findSources.import.done', importing.result)}{' '}
            <Link to={to('sources')}>{t('findSources.card.openLibrary')}</Link>
          </>
        )}
      </p>
      {importing.state === 'done' && importing.result.entries.length > 0 && (
        <ImportedEntries entries={importing.result.entries} />
      )}
      {importing.state === 'failed' && (
        <p className="field__error" role="alert" data-testid="import-error">
          {importing.message}
        </p>
      )}
    </section>
  );
}

/** The sources an import added, each with its id, in the file's order. */
function ImportedEntries({ entries }: { entries: ImportedEntry[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="citation-import__entries">
      <h3 id={`${id}-entries`} className="citation-import__entries-title">
        {t('findSources.import.entries')}
      </h3>
      <ul aria-labelledby={`${id}-entries`} data-testid="imported-entries">
        {entries.map((entry) => (
          <li key={entry.source_id} data-source-id={entry.source_id}>
            <span className="citation-import__entry-title">{entry.title}</span>
            {entry.authors.length > 0 || entry.year !== null ? (
              <span className="muted">
                {' '}
                {t('findSources.import.byline', {
                  authors: entry.authors.join('; ') || t('findSources.import.noAuthors'),
                  year: entry.year ?? t('findSources.import.noYear'),
                })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
