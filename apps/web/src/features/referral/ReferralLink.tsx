import { REFERRAL_BONUS_WORDS, type ReferralInfo } from '@quire/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n/use-translation';
import { fetchReferral } from './referral.api';

/** How long the copy button says "Copied". */
export const COPIED_FOR_MS = 2_500;

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; referral: ReferralInfo };

/** Copying: nothing yet, done, or left to the user (the link is selected) where the clipboard is unavailable. */
type Copy = 'idle' | 'copied' | 'manual';

/**
 * The referral scheme on the account page (spec §1): the user's link with a copy button, how many people
 * signed up through it, and what each sign-up earns.
 */
export function ReferralLink() {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchReferral({ signal: controller.signal })
      .then((referral) => setState({ kind: 'ready', referral }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError)) console.error('Could not load the referral link', error);
        setState({ kind: 'error', message: error instanceof ApiError ? error.message : t('errors:generic_error') });
      });
    return () => controller.abort();
  }, [attempt]);

  return (
    <section className="account-section" aria-labelledby="account-referral" data-testid="referral-section">
      <h2 id="account-referral">{t('pages.account.referral.title')}</h2>
      <p>{t('pages.account.referral.text', { words: REFERRAL_BONUS_WORDS })}</p>
      {state.kind === 'loading' && (
        <p className="account-page__loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('pages.account.referral.loading')}
        </p>
      )}
      {state.kind === 'error' && (
        <div className="notice notice--error" role="alert" data-testid="referral-error">
          <p>{state.message}</p>
          <button type="button" className="button button--small" onClick={() => setAttempt((value) => value + 1)}>
            {t('pages.account.retry')}
          </button>
        </div>
      )}
      {state.kind === 'ready' && <ReferralDetails referral={state.referral} />}
    </section>
  );
}

function ReferralDetails({ referral }: { referral: ReferralInfo }) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<Copy>('idle');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => setCopy('idle'), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copy]);

  async function copyLink() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('The clipboard is not available here');
      await navigator.clipboard.writeText(referral.link);
      setCopy('copied');
    } catch (error) {
      console.warn('Could not copy the referral link; it is selected for copying by hand', error);
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopy('manual');
    }
  }

  return (
    <>
      <div className="referral-link">
        <label className="referral-link__label" htmlFor={inputId}>
          {t('pages.account.referral.linkLabel')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="referral-link__input"
          type="text"
          readOnly
          value={referral.link}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="referral-link"
        />
        <button type="button" className="button button--small" onClick={copyLink} data-testid="referral-copy">
          {copy === 'copied' ? t('pages.account.referral.copied') : t('pages.account.referral.copy')}
        </button>
      </div>
      <p className="muted referral-link__status" role="status" data-testid="referral-copy-status">
        {copy === 'copied' && t('pages.account.referral.copiedStatus')}
        {copy === 'manual' && t('pages.account.referral.copyManually')}
      </p>
      <p data-testid="referral-count">{t('pages.account.referral.count', { referred: referral.referred_count })}</p>
    </>
  );
}
