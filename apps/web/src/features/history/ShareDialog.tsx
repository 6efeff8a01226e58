import type { RefObject } from 'react';
import { useId } from 'react';
import { Dialog } from '../../components/dialog/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { type ShareLinkState, useShareLink } from './use-share-link';
import './history-styles';

type Props = {
  resultId: string;
  /** Whether the result has a public link already (it is then fetched at once). */
  shared: boolean;
  /** The result's link was made (its token) or revoked (null). */
  onChange?: (token: string | null) => void;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
};

/**
 * The share modal (spec §2): says that a link makes the result public and read-only, makes the link, shows
 * it with Copy, and revokes it after a confirmation. Every step keeps the focus inside and on the next thing
 * to do.
 */
export function ShareDialog({ resultId, shared, onChange, onClose, returnFocus }: Props) {
  const { t } = useTranslation();
  const share = useShareLink(resultId, shared, onChange);
  const { step, working } = share;

  return (
    <Dialog title={t('share.title')} onClose={onClose} busy={working} returnFocus={returnFocus} testId="share-dialog">
      <p>{t('share.explanation')}</p>
      {working && (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('share.working')}
        </p>
      )}
      <ShareLinkField share={share} />
      <RevokeConfirmation share={share} />
      {share.error && (
        <p className="notice notice--error" role="alert" data-testid="share-error">
          {share.error}
        </p>
      )}
      <p className="muted" role="status" data-testid="share-feedback">
        {share.notice ?? ''}
      </p>
      <div className="dialog__actions">
        {step.kind === 'unshared' && (
          <button
            ref={share.createRef}
            type="button"
            className="button"
            onClick={() => void share.create()}
            data-testid="share-create"
          >
            {t('share.create')}
          </button>
        )}
        {step.kind === 'shared' && (
          <button
            type="button"
            className="button button--danger"
            onClick={() => share.askRevoke(step.link)}
            data-testid="share-revoke"
          >
            {t('share.revoke')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onClose} disabled={working}>
          {t('share.close')}
        </button>
      </div>
    </Dialog>
  );
}

/** The public link, selected on focus, with Copy. */
function ShareLinkField({ share }: { share: ShareLinkState }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const { link } = share;
  if (!link) return null;
  return (
    <div className="field share-dialog__link">
      <label htmlFor={fieldId}>{t('share.linkLabel')}</label>
      <div className="share-dialog__row">
        <input
          ref={share.linkRef}
          id={fieldId}
          type="text"
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="share-link"
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void share.copy(link)}
          data-testid="share-copy"
        >
          {t('share.copy')}
        </button>
      </div>
    </div>
  );
}

/** The question before a link is revoked, with keeping it as the focused, safe choice. */
function RevokeConfirmation({ share }: { share: ShareLinkState }) {
  const { t } = useTranslation();
  const { step } = share;
  if (step.kind !== 'confirmRevoke') return null;
  return (
    <div className="notice notice--warning" data-testid="share-revoke-confirmation">
      <p>{t('share.revokeQuestion')}</p>
      <div className="dialog__actions">
        <button
          ref={share.keepRef}
          type="button"
          className="button button--secondary"
          onClick={() => share.keep(step.link)}
        >
          {t('share.keep')}
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={() => void share.revoke(step.link)}
          data-testid="share-revoke-confirm"
        >
          {t('share.revokeConfirm')}
        </button>
      </div>
    </div>
  );
}
