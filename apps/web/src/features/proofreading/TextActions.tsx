import { useTranslation } from '../../i18n/use-translation';
import { saveFile } from '../../lib/download';
import { useTextActions } from '../../lib/use-text-actions';
import { correctedFilename, docxTextExport, textExport } from './text-export';

type Props = { text: string; canUndo: boolean; onUndo: () => void; onEdit: () => void };

/** What can be done with the corrected text: copy it, download it (.txt, .docx), undo the last change, edit it. */
export function TextActions({ text, canUndo, onUndo, onEdit }: Props) {
  const { t } = useTranslation();
  const { feedback, copy, exportFile } = useTextActions('the corrected text');

  return (
    <div className="proofreading__actions" data-testid="proofreading-actions">
      <button type="button" className="button button--small button--secondary" onClick={() => void copy(text)}>
        {t('proofreading.actions.copy')}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => saveFile(textExport(text), correctedFilename('txt'))}
        data-testid="proofreading-download-txt"
      >
        {t('proofreading.actions.downloadTxt')}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => void exportFile(() => docxTextExport(text), correctedFilename('docx'), 'DOCX')}
        disabled={feedback === 'exporting'}
        data-testid="proofreading-download-docx"
      >
        {t('proofreading.actions.downloadDocx')}
      </button>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={onUndo}
        disabled={!canUndo}
        data-testid="proofreading-undo"
      >
        {t('proofreading.actions.undo')}
      </button>
      <button type="button" className="button button--small" onClick={onEdit} data-testid="proofreading-edit">
        {t('proofreading.actions.edit')}
      </button>
      <span className="muted" role="status" data-testid="proofreading-feedback">
        {feedback === 'idle' ? '' : t(`proofreading.actions.feedback.${feedback}`)}
      </span>
    </div>
  );
}
