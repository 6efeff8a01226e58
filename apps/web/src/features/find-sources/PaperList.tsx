import { EXPORT_FORMATS, type ExportPapersRequest, type Paper, type Source } from '@quire/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { saveFile } from '../../lib/download';
import { PaperCard } from './PaperCard';
import { exportRequest, type Selection, selectedPapers } from './results.state';
import { exportPapers } from './search.api';

type Props = {
  papers: readonly Paper[];
  selection: Selection;
  onSelectionChange: (change: { kind: 'one'; id: string } | { kind: 'all'; selected: boolean }) => void;
  onBookmark: (paper: Paper) => Promise<boolean>;
  onAdd: (paper: Paper) => Promise<Source>;
};

type Exporting =
  | { state: 'idle' }
  | { state: 'exporting'; format: ExportPapersRequest['format'] }
  | { state: 'done'; filename: string }
  | { state: 'failed'; message: string };

/** Papers as cards, with a bar to select them all and to export the selected ones as BibTeX or RIS. */
export function PaperList({ papers, selection, onSelectionChange, onBookmark, onAdd }: Props) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<Exporting>({ state: 'idle' });
  const allRef = useRef<HTMLInputElement>(null);
  const count = selectedPapers(papers, selection).length;
  const all = count > 0 && count === papers.length;

  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  async function download(format: ExportPapersRequest['format']) {
    const request = exportRequest(papers, selection, format);
    if (!request) return;
    setExporting({ state: 'exporting', format });
    try {
      const file = await exportPapers(request);
      saveFile(file.blob, file.filename);
      setExporting({ state: 'done', filename: file.filename });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Exporting papers failed', error);
      setExporting({ state: 'failed', message: error instanceof ApiError ? error.message : t('errors:generic_error') });
    }
  }

  return (
    <>
      <fieldset className="paper-toolbar">
        <legend className="visually-hidden">{t('findSources.export.label')}</legend>
        <label className="paper-toolbar__all">
          <input
            ref={allRef}
            type="checkbox"
            checked={all}
            onChange={() => onSelectionChange({ kind: 'all', selected: !all })}
            data-testid="papers-select-all"
          />
          {t('findSources.export.selectAll')}
        </label>
        <span className="muted" data-testid="papers-selected">
          {t('findSources.export.selected', { count })}
        </span>
        <span className="paper-toolbar__buttons">
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              className="button button--small button--secondary"
              disabled={count === 0 || exporting.state === 'exporting'}
              onClick={() => void download(format)}
              data-testid={`papers-export-${format}`}
            >
              {exporting.state === 'exporting' && exporting.format === format
                ? t('findSources.export.exporting')
                : t(`findSources.export.${format}`)}
            </button>
          ))}
        </span>
      </fieldset>
      <p className="paper-toolbar__status" role="status" data-testid="papers-export-status">
        {exporting.state === 'done' ? t('findSources.export.done', { filename: exporting.filename }) : ''}
      </p>
      {exporting.state === 'failed' && (
        <p className="field__error" role="alert" data-testid="papers-export-error">
          {exporting.message}
        </p>
      )}
      <ul className="paper-list">
        {papers.map((paper) => (
          <PaperCard
            key={paper.id}
            paper={paper}
            selected={selection.has(paper.id)}
            onSelect={(id) => onSelectionChange({ kind: 'one', id })}
            onBookmark={onBookmark}
            onAdd={onAdd}
          />
        ))}
      </ul>
    </>
  );
}
