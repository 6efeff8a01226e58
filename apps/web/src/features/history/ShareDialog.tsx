import type { ShareLink } from '@quire/contracts';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { Dialog } from '../../components/dialog/Dialog';
import { translate } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { createShareLink, revokeShareLink } from './history.api';
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

type Step =
  | { kind: 'unshared' }
  | { kind: 'working' }
  | { kind: 'shared'; link: ShareLink }
  | { kind: 'confirmRevoke'; link: ShareLink };

/**
 * The share modal (spec §2): says that a link makes the result public and read-only, makes the link, shows
 * it with Copy, and revokes it after a confirmation. Every step keeps the focus inside and on the next thing
 * to do.
 */
export function ShareDialog({ resultId, shared, onChange, onClose, returnFocus }: Props) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [step, setStep] = useState<Step>(shared ? { kind: 'working' } : { kind: 'unshared' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  async function create() {
    setStep({ kind: 'working' });
    setError(null);
    setNotice(null);
    try {
      const link = await createShareLink(resultId);
      setStep({ kind: 'shared', link });
      onChangeRef.current?.(link.token);
    } catch (failure) {
      setError(messageOf(failure, 'Could not create a share link'));
      setStep({ kind: 'unshared' });
    }
  }

  async function revoke(link: ShareLink) {
    setStep({ kind: 'working' });
    setError(null);
    try {
      await revokeShareLink(resultId);
      setStep({ kind: 'unshared' });
      setNotice(t('share.revoked'));
      onChangeRef.current?.(null);
    } catch (failure) {
      setError(messageOf(failure, 'Could not revoke a share link'));
      setStep({ kind: 'shared', link });
    }
  }

  async function copy(link: ShareLink) {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link.url);
      setNotice(t('share.copied'));
    } catch (failure) {
      console.warn('Could not copy a share link', failure);
      linkRef.current?.select();
      setNotice(t('share.copyFailed'));
    }
  }

  // A result shared before shows its link at once (asking again answers the link it has).
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once, when the dialog opens.
  useEffect(() => {
    if (shared) void create();
  }, []);

  // The focus follows the step: the link once there is one, the safe choice while confirming, else Create.
  useEffect(() => {
    if (step.kind === 'shared') linkRef.current?.focus();
    else if (step.kind === 'confirmRevoke') keepRef.current?.focus();
    else if (step.kind === 'unshared') createRef.current?.focus();
  }, [step.kind]);

  const working = step.kind === 'working';
  const link = step.kind === 'shared' || step.kind === 'confirmRevoke' ? step.link : null;

  return (
    <Dialog title={t('share.title')} onClose={onClose} busy={working} returnFocus={returnFocus} testId="share-dialog">
      <p>{t('share.explanation')}</p>
      {working && (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('share.working')}
        </p>
      )}
      {link && (
        <div className="field share-dialog__link">
          <label htmlFor={fieldId}>{t('share.linkLabel')}</label>
          <div className="share-dialog__row">
            <input
              ref={linkRef}
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
              onClick={() => void copy(link)}
              data-testid="share-copy"
            >
              {t('share.copy')}
            </button>
          </div>
        </div>
      )}
      {step.kind === 'confirmRevoke' && (
        <div className="notice notice--warning" data-testid="share-revoke-confirmation">
          <p>{t('share.revokeQuestion')}</p>
          <div className="dialog__actions">
            <button
              ref={keepRef}
              type="button"
              className="button button--secondary"
              onClick={() => setStep({ kind: 'shared', link: step.link })}
            >
              {t('share.keep')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => void revoke(step.link)}
              data-testid="share-revoke-confirm"
            >
              {t('share.revokeConfirm')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="notice notice--error" role="alert" data-testid="share-error">
          {error}
        </p>
      )}
      <p className="muted" role="status" data-testid="share-feedback">
        {notice ?? ''}
      </p>
      <div className="dialog__actions">
        {step.kind === 'unshared' && (
          <button
            ref={createRef}
            type="button"
            className="button"
            onClick={() => void create()}
            data-testid="share-create"
          >
            {t('share.create')}
          </button>
        )}
        {step.kind === 'shared' && (
          <button
            type="button"
            className="button button--danger"
            onClick={() => setStep({ kind: 'confirmRevoke', link: step.link })}
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

function messageOf(failure: unknown, what: string): string {
  if (failure instanceof ApiError) return failure.message;
  console.error(what, failure);
  return translate('errors:generic_error');
}
