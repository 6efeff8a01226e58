import { LOCALE_INFO } from '@quire/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useLocale, useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { loadProfile, useAccountProfile } from '../auth';
import { quotaOf } from './quota';

/** The words this user can still write (spec §4 available / nearly used up / reached), with the way to more. */
export function QuotaIndicator() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const profile = useAccountProfile();

  useEffect(() => {
    loadProfile().catch((error: unknown) => console.warn('Could not load the words left', error));
  }, []);

  if (!profile) return null;
  const quota = quotaOf(profile);
  const left = new Intl.NumberFormat(LOCALE_INFO[locale].meta.htmlLang).format(quota.left);
  return (
    <p className={`quota quota--${quota.state}`} data-testid="quota" data-state={quota.state}>
      <span>{t(`generation.quota.${quota.state}`, { left })}</span>
      {quota.state !== 'available' && (
        <>
          {' '}
          <Link to={to('pricing')}>{t('generation.quota.more')}</Link>
        </>
      )}
    </p>
  );
}
