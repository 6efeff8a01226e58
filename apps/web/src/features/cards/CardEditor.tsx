import { type CardDraft, DECK_LIMITS } from '@quire/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { failureMessage } from './cards-errors';
import { type DraftProblem, draftProblems } from './deck.state';

type Props = {
  initial?: CardDraft;
  /** Saves on the server; rejects with the reason when it refused. */
  onSave: (draft: CardDraft) => Promise<void>;
  /** Editing a card can be cancelled; the form for a new card has nothing to cancel. */
  onCancel?: () => void;
  saveLabel: string;
  /** Empties the fields after a save, ready for the next card. */
  resetAfterSave?: boolean;
  /** Takes the focus when it opens (editing a card that was just shown). */
  focusOnOpen?: boolean;
  testId: string;
};

/**
 * A card's front and back, checked by the contract's rules before it is sent; Ctrl/⌘+Enter saves, Escape
 * cancels. The server's refusal is shown beside the fields, which keep what was typed.
 */
export function CardEditor({
  initial,
  onSave,
  onCancel,
  saveLabel,
  resetAfterSave = false,
  focusOnOpen = false,
  testId,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const frontRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState<CardDraft>(initial ?? { front: '', back: '' });
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problems = checked ? draftProblems(draft) : {};

  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves in once, when the editor opens.
  useEffect(() => {
    if (focusOnOpen) frontRef.current?.focus();
  }, []);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (saving) return;
    setChecked(true);
    if (Object.keys(draftProblems(draft)).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave({ front: draft.front.trim(), back: draft.back.trim() });
    } catch (error) {
      setFailure(failureMessage(error, 'saving a card'));
      setSaving(false);
      return;
    }
    setSaving(false);
    if (!resetAfterSave) return;
    setDraft({ front: '', back: '' });
    setChecked(false);
    frontRef.current?.focus();
  }

  function onKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  }

  const problemText = (problem: DraftProblem | undefined) =>
    problem?.key === 'tooLong' ? t('cards.card.tooLong', { limit: problem.limit }) : t('cards.card.required');

  return (
    <form className="card-editor" onSubmit={save} noValidate aria-busy={saving} data-testid={testId}>
      {(['front', 'back'] as const).map((side) => (
        <div className="field" key={side}>
          <label htmlFor={`${id}-${side}`}>{t(`cards.card.${side}`)}</label>
          <textarea
            id={`${id}-${side}`}
            ref={side === 'front' ? frontRef : undefined}
            value={draft[side]}
            rows={side === 'front' ? 2 : 3}
            maxLength={DECK_LIMITS[side]}
            disabled={saving}
            aria-invalid={problems[side] ? true : undefined}
            aria-describedby={problems[side] ? `${id}-${side}-problem` : undefined}
            onChange={(event) => setDraft((current) => ({ ...current, [side]: event.target.value }))}
            onKeyDown={onKey}
            data-testid={`${testId}-${side}`}
          />
          {problems[side] && (
            <p id={`${id}-${side}-problem`} className="field__error" data-testid={`${testId}-${side}-problem`}>
              {problemText(problems[side])}
            </p>
          )}
        </div>
      ))}
      {failure && (
        <p className="notice notice--error" role="alert" data-testid={`${testId}-error`}>
          {failure}
        </p>
      )}
      <div className="card-editor__actions">
        <button type="submit" className="button button--small" disabled={saving} data-testid={`${testId}-save`}>
          {saving && <span className="spinner" aria-hidden="true" />}
          {saveLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={onCancel}
            disabled={saving}
            data-testid={`${testId}-cancel`}
          >
            {t('cards.card.cancel')}
          </button>
        )}
        <span className="muted card-editor__hint">{t('cards.card.shortcut')}</span>
      </div>
    </form>
  );
}
