import type { Profile } from '@quire/contracts';
import { useTranslation } from '../../i18n/use-translation';
import { wordBalance } from './word-balance';

/** Used words against the monthly limit plus extra words (spec §6), as a meter and in words. */
export function WordBalance({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { words_limit: limit, words_extra: extra } = profile;
  const balance = wordBalance(profile);
  if (!balance) return null;
  const { used, total, left, state } = balance;
  const meterLabel = t('pages.account.words.meterLabel');

  return (
    <section className="account-section" aria-labelledby="account-words">
      <h2 id="account-words">{t('pages.account.words.title')}</h2>
      <p className="account-words__used" data-testid="words-used">
        {t('pages.account.words.used', { used, total })}
      </p>
      <meter
        className={`account-meter account-meter--${state}`}
        aria-label={meterLabel}
        min={0}
        max={Math.max(total, 1)}
        value={Math.min(used, total)}
        data-state={state}
      />
      <p className="muted">{t('pages.account.words.breakdown', { limit, extra })}</p>
      {state === 'reached' ? (
        <p className="notice notice--warning" data-testid="words-state">
          {t('errors:word_limit_reached')}
        </p>
      ) : (
        <p className={state === 'nearly_used_up' ? 'notice notice--warning' : undefined} data-testid="words-state">
          {t(state === 'nearly_used_up' ? 'pages.account.words.nearlyUsedUp' : 'pages.account.words.available', {
            left,
          })}
        </p>
      )}
    </section>
  );
}
