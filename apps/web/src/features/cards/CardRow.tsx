import type { Card, CardDraft } from '@quire/contracts';
import { type RefObject, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useTranslation } from '../../i18n/use-translation';
import { CardEditor } from './CardEditor';
import { failureMessage } from './cards-errors';

type Props = {
  card: Card;
  /** Its place in the deck, counted from 1. */
  number: number;
  first: boolean;
  last: boolean;
  onMove: (step: -1 | 1) => void;
  /** Saves the changed sides on the server; rejects when it refused. */
  onSave: (update: Partial<CardDraft>) => Promise<void>;
  /** Deletes on the server; rejects when it refused. */
  onDelete: () => Promise<void>;
  /** Takes the card off the list, once the server has deleted it. */
  onDeleted: () => void;
};

/**
 * One card of a deck: its front and back, kind and state, the page of the source it came from; edited in place,
 * deleted after a question, moved up or down with buttons that keep the focus on the moved card.
 */
export function CardRow({ card, number, first, last, onMove, onSave, onDelete, onDeleted }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);

  async function save(draft: CardDraft) {
    const update: Partial<CardDraft> = {};
    if (draft.front !== card.front) update.front = draft.front;
    if (draft.back !== card.back) update.back = draft.back;
    if (Object.keys(update).length > 0) await onSave(update);
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  }

  function cancel() {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  }

  return (
    <li className="card-row" data-testid="card-row" data-card-id={card.id} data-state={card.state}>
      <span className="card-row__number" aria-hidden="true">
        {number}
      </span>
      {editing ? (
        <CardEditor
          initial={{ front: card.front, back: card.back }}
          onSave={save}
          onCancel={cancel}
          saveLabel={t('cards.card.save')}
          focusOnOpen
          testId="card-edit"
        />
      ) : (
        <>
          <CardSides card={card} number={number} />
          <CardActions
            number={number}
            first={first}
            last={last}
            editRef={editRef}
            deleteRef={deleteRef}
            onEdit={() => setEditing(true)}
            onDelete={() => setDeleting(true)}
            onMove={onMove}
          />
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('cards.card.deleteTitle')}
          text={t('cards.card.deleteText', { front: card.front })}
          labels={{
            confirm: t('cards.card.delete'),
            working: t('cards.confirm.deleting'),
            cancel: t('cards.confirm.cancel'),
          }}
          onConfirm={onDelete}
          failureMessage={(failure) => failureMessage(failure, t('cards.card.deleteTitle'))}
          onDone={onDeleted}
          onClose={() => setDeleting(false)}
          returnFocus={deleteRef}
          testIds={{
            dialog: 'card-delete-dialog',
            error: 'card-delete-dialog-error',
            confirm: 'card-delete-dialog-confirm',
          }}
        />
      )}
    </li>
  );
}

/** The card as read: both sides, its kind, how well it is known and the page it came from. */
function CardSides({ card, number }: { card: Card; number: number }) {
  const { t } = useTranslation();
  const state = card.state === 'review' ? 'known' : card.state === 'relearning' ? 'learning' : card.state;
  return (
    <div className="card-row__body">
      <h3 className="visually-hidden">{t('cards.card.number', { number })}</h3>
      <dl className="card-row__sides">
        <dt className="visually-hidden">{t('cards.card.front')}</dt>
        <dd className="card-row__front" data-testid="card-front">
          {card.front}
        </dd>
        <dt className="visually-hidden">{t('cards.card.back')}</dt>
        <dd className="card-row__back" data-testid="card-back">
          {card.back}
        </dd>
      </dl>
      <p className="card-row__meta muted">
        <span className="badge">{t(`cards.kinds.${card.kind}`)}</span>{' '}
        <span className="badge">{t(`cards.states.${state}`)}</span>
        {card.page !== null && <> {t('cards.card.page', { page: card.page })}</>}
      </p>
    </div>
  );
}

type ActionsProps = Pick<Props, 'number' | 'first' | 'last' | 'onMove'> & {
  /** The focus returns to these after editing and after the delete dialog. */
  editRef: RefObject<HTMLButtonElement | null>;
  deleteRef: RefObject<HTMLButtonElement | null>;
  onEdit: () => void;
  onDelete: () => void;
};

/** Edit, delete, and move up or down; at either end a move is aria-disabled, not disabled, so it keeps the focus. */
function CardActions({ number, first, last, editRef, deleteRef, onEdit, onDelete, onMove }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="card-row__actions">
      <button
        ref={editRef}
        type="button"
        className="button button--secondary button--small"
        onClick={onEdit}
        aria-label={t('cards.card.editNumber', { number })}
        data-testid="card-edit-open"
      >
        {t('cards.card.edit')}
      </button>
      <button
        ref={deleteRef}
        type="button"
        className="button button--danger button--small"
        onClick={onDelete}
        aria-label={t('cards.card.deleteNumber', { number })}
        data-testid="card-delete"
      >
        {t('cards.card.delete')}
      </button>
      <button
        type="button"
        className="icon-button card-row__move"
        onClick={() => onMove(-1)}
        aria-disabled={first || undefined}
        aria-label={t('cards.card.moveUp', { number })}
        data-move="up"
        data-testid="card-move-up"
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className="icon-button card-row__move"
        onClick={() => onMove(1)}
        aria-disabled={last || undefined}
        aria-label={t('cards.card.moveDown', { number })}
        data-move="down"
        data-testid="card-move-down"
      >
        <span aria-hidden="true">↓</span>
      </button>
    </div>
  );
}
