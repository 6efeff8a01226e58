import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { adoptStyles } from '../../lib/adopt-styles';
import css from './consent.css?inline';
import {
  ACCEPT_ALL,
  type ConsentChoice,
  closeConsentSettings,
  REQUIRED_ONLY,
  readConsent,
  saveConsent,
} from './consent.store';

adoptStyles('quire-consent-styles', css);

const OPTIONAL_CATEGORIES = ['functional', 'analytics', 'marketing'] as const;

type Props = {
  /** Opened from "Cookie settings": the categories show at once, the card takes the focus and can be closed. */
  fromSettings: boolean;
};

/**
 * The cookie card (spec §2, §4), fixed at the bottom right: accept all, decline (only the required cookies
 * stay on) or choose categories and save them. Not modal: the page stays usable while it waits for an answer.
 */
export function ConsentCard({ fromSettings }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const current = readConsent();
  const [choosing, setChoosing] = useState(fromSettings);
  const [choice, setChoice] = useState<ConsentChoice>(current ?? REQUIRED_ONLY);
  const closable = fromSettings && current !== null;

  useEffect(() => {
    if (fromSettings) cardRef.current?.focus();
  }, [fromSettings]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && closable) {
      event.stopPropagation();
      closeConsentSettings();
    }
  }

  return (
    <section
      ref={cardRef}
      className="consent-card"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="consent-card"
    >
      <h2 id={titleId} className="consent-card__title">
        {t('consent.title')}
      </h2>
      <p className="consent-card__text">{t('consent.text')}</p>
      {choosing && (
        <fieldset className="consent-card__categories">
          <legend className="visually-hidden">{t('consent.categoriesLegend')}</legend>
          <CategorySwitch category="required" checked disabled onChange={() => undefined} />
          {OPTIONAL_CATEGORIES.map((category) => (
            <CategorySwitch
              key={category}
              category={category}
              checked={choice[category]}
              onChange={(checked) => setChoice((previous) => ({ ...previous, [category]: checked }))}
            />
          ))}
        </fieldset>
      )}
      <div className="consent-card__actions">
        {choosing ? (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => saveConsent(choice)}
            data-testid="consent-save"
          >
            {t('consent.save')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => setChoosing(true)}
            data-testid="consent-choose"
          >
            {t('consent.choose')}
          </button>
        )}
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => saveConsent(REQUIRED_ONLY)}
          data-testid="consent-decline"
        >
          {t('consent.decline')}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={() => saveConsent(ACCEPT_ALL)}
          data-testid="consent-accept"
        >
          {t('consent.acceptAll')}
        </button>
      </div>
      {closable && (
        <button
          type="button"
          className="consent-card__close icon-button"
          onClick={() => closeConsentSettings()}
          aria-label={t('consent.close')}
          title={t('consent.close')}
          data-testid="consent-close"
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </section>
  );
}

function CategorySwitch({
  category,
  checked,
  disabled = false,
  onChange,
}: {
  category: 'required' | (typeof OPTIONAL_CATEGORIES)[number];
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="consent-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={`consent-${category}`}
      />
      <label htmlFor={id} className="consent-switch__label">
        <strong>{t(`consent.categories.${category}.title`)}</strong>
        {disabled && <span className="badge">{t('consent.alwaysOn')}</span>}
      </label>
      <p id={`${id}-description`} className="consent-switch__description muted">
        {t(`consent.categories.${category}.description`)}
      </p>
    </div>
  );
}
