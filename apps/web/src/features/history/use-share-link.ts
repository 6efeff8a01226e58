import type { ShareLink } from '@quire/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { translate } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/use-translation';
import { createShareLink, revokeShareLink } from './history.api';

type Step =
  | { kind: 'unshared' }
  | { kind: 'working' }
  | { kind: 'shared'; link: ShareLink }
  | { kind: 'confirmRevoke'; link: ShareLink };

/**
 * A result's public link through its steps (none, working, shown, confirming its revocation), the message of what
 * failed or happened, and the element each step puts the focus on.
 */
export function useShareLink(resultId: string, shared: boolean, onChange?: (token: string | null) => void) {
  const { t } = useTranslation();
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

  return {
    step,
    error,
    notice,
    createRef,
    linkRef,
    keepRef,
    working: step.kind === 'working',
    link: step.kind === 'shared' || step.kind === 'confirmRevoke' ? step.link : null,
    create,
    revoke,
    copy,
    askRevoke: (link: ShareLink) => setStep({ kind: 'confirmRevoke', link }),
    keep: (link: ShareLink) => setStep({ kind: 'shared', link }),
  };
}

export type ShareLinkState = ReturnType<typeof useShareLink>;

function messageOf(failure: unknown, what: string): string {
  if (failure instanceof ApiError) return failure.message;
  console.error(what, failure);
  return translate('errors:generic_error');
}
