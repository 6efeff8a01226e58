import { DECK_LIMITS, type Deck, type DeckSummary } from '@quire/contracts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useTranslation } from '../../i18n/use-translation';
import { saveFile } from '../../lib/download';
import { deleteDeck, type ExportFormat, exportDeck, renameDeck } from './cards.api';
import { failureMessage } from './cards-errors';
import { languageName } from './format';

type Props = {
  deck: Deck;
  /** Cards to study now. */
  due: number;
  onRenamed: (summary: DeckSummary) => void;
  onDeleted: () => void;
  onStudy: () => void;
};

/** The deck's name (renamed in place), language and size, and what can be done with it: study, export, delete. */
export function DeckHeader({ deck, due, onRenamed, onDeleted, onStudy }: Props) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);

  async function download(format: ExportFormat) {
    if (exporting) return;
    setExporting(format);
    setExportError(null);
    try {
      const file = await exportDeck(deck.id, format);
      saveFile(file.blob, file.filename);
    } catch (error) {
      setExportError(failureMessage(error, 'exporting a deck'));
    } finally {
      setExporting(null);
    }
  }

  function closeRename() {
    setRenaming(false);
    requestAnimationFrame(() => renameRef.current?.focus());
  }

  return (
    <header className="deck-header">
      {renaming ? (
        <RenameForm
          name={deck.name}
          onCancel={closeRename}
          onSave={async (name) => {
            onRenamed(await renameDeck(deck.id, name));
            closeRename();
          }}
        />
      ) : (
        <div className="deck-header__title">
          <h2 data-testid="deck-name">{deck.name}</h2>
          <button
            ref={renameRef}
            type="button"
            className="button button--secondary button--small"
            onClick={() => setRenaming(true)}
            data-testid="deck-rename"
          >
            {t('cards.deck.rename')}
          </button>
        </div>
      )}
      <p className="muted deck-header__facts">
        <span className="badge" lang={deck.language}>
          {languageName(deck.language)}
        </span>{' '}
        {t('cards.list.counts', { total: deck.cards.length, due })}
      </p>
      <div className="deck-header__actions">
        <button type="button" className="button" onClick={onStudy} data-testid="deck-study-open">
          {t('cards.deck.study', { due })}
        </button>
        {(['csv', 'anki'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="button button--secondary"
            onClick={() => void download(format)}
            disabled={exporting !== null || deck.cards.length === 0}
            data-testid={`deck-export-${format}`}
          >
            {exporting === format && <span className="spinner" aria-hidden="true" />}
            {t(`cards.deck.export.${format}`)}
          </button>
        ))}
        <button
          ref={deleteRef}
          type="button"
          className="button button--danger"
          onClick={() => setDeleting(true)}
          data-testid="deck-delete"
        >
          {t('cards.deck.delete')}
        </button>
      </div>
      {exportError && (
        <p className="notice notice--error" role="alert" data-testid="deck-export-error">
          {exportError}
        </p>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('cards.deck.deleteTitle')}
          text={t('cards.deck.deleteText', { name: deck.name, count: deck.cards.length })}
          labels={{
            confirm: t('cards.deck.delete'),
            working: t('cards.confirm.deleting'),
            cancel: t('cards.confirm.cancel'),
          }}
          onConfirm={() => deleteDeck(deck.id)}
          failureMessage={(failure) => failureMessage(failure, t('cards.deck.deleteTitle'))}
          onDone={onDeleted}
          onClose={() => setDeleting(false)}
          returnFocus={deleteRef}
          testIds={{
            dialog: 'deck-delete-dialog',
            error: 'deck-delete-dialog-error',
            confirm: 'deck-delete-dialog-confirm',
          }}
        />
      )}
    </header>
  );
}

function RenameForm({
  name,
  onSave,
  onCancel,
}: {
  name: string;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(name);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const trimmed = value.trim();
    if (!trimmed) return setProblem(t('cards.deck.nameRequired'));
    if (trimmed === name) return onCancel();
    setSaving(true);
    setProblem(null);
    try {
      await onSave(trimmed);
    } catch (error) {
      setProblem(failureMessage(error, 'renaming a deck'));
      setSaving(false);
    }
  }

  return (
    <form className="deck-header__rename" onSubmit={submit} noValidate data-testid="deck-rename-form">
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('cards.deck.nameLabel')}</label>
        <input
          id={`${id}-name`}
          value={value}
          maxLength={DECK_LIMITS.name}
          disabled={saving}
          // biome-ignore lint/a11y/noAutofocus: the field replaces the name the user asked to change.
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
          data-testid="deck-rename-input"
        />
        {problem && (
          <p id={`${id}-problem`} className="field__error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="card-editor__actions">
        <button type="submit" className="button button--small" disabled={saving} data-testid="deck-rename-save">
          {t('cards.card.save')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onCancel} disabled={saving}>
          {t('cards.card.cancel')}
        </button>
      </div>
    </form>
  );
}
