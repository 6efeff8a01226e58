import { LOCALE_INFO } from '@quire/contracts';
import { useEffect } from 'react';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { loadProfile, useAccountProfile, useSession } from '../auth';
import { wordBalance } from './word-balance';

/**
 * The header's words left (spec §6: limit plus extra words, less the words used): a number and a meter of the
 * share used, black on grey, red once the words are nearly used up or gone. Only for signed-in users; it
 * uses the profile the app shares, so it adds no request of its own to a page that loads the profile anyway.
 */
export function WordsMeter() {
  const { t } = useTranslation();
  const locale = useLocale();
  const signedIn = Boolean(useSession());
  const profile = useAccountProfile();

  useEffect(() => {
    if (!signedIn) return;
    loadProfile().catch((error: unknown) => console.warn('Could not load the words left', error));
  }, [signedIn]);

  const balance = profile ? wordBalance(profile) : null;
  if (!signedIn || !balance) return null;
  const { used, total, left, state } = balance;
  const label = t('header.wordsLeftCount', { left });

  return (
    <div className="words-meter" data-testid="words-meter" data-state={state}>
      <span className="app-header__label" aria-hidden="true">
        {t('header.wordsLeft')}
      </span>
      <meter
        className="words-meter__bar"
        aria-label={label}
        aria-valuetext={t('header.wordsUsedOf', { used, total })}
        title={label}
        min={0}
        max={Math.max(total, 1)}
        value={total > 0 ? Math.min(used, total) : 1}
      />
      <span className="words-meter__value" aria-hidden="true" data-testid="words-left">
        {new Intl.NumberFormat(LOCALE_INFO[locale].meta.htmlLang).format(left)}
      </span>
    </div>
  );
}
