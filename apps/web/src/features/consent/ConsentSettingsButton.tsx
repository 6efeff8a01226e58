import { useTranslation } from '../../i18n/use-translation';
import { openConsentSettings } from './consent.store';

/** "Cookie settings" in the footers: opens the cookie card with the categories, to change the choice later. */
export function ConsentSettingsButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={className}
      onClick={(event) => openConsentSettings(event.currentTarget)}
      data-testid="consent-settings"
    >
      {t('consent.settings')}
    </button>
  );
}
