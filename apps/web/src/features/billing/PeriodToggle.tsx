import type { PricingPeriod } from '@quire/contracts';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';

type Props = { period: PricingPeriod; onChange: (period: PricingPeriod) => void; saving: number | null };

/** Monthly or yearly prices: two radio buttons drawn as one switch, the yearly one with what it saves. */
export function PeriodToggle({ period, onChange, saving }: Props) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="period-toggle" data-testid="period-toggle">
      <legend className="visually-hidden">{t('billing.pricing.periodLabel')}</legend>
      {(['monthly', 'yearly'] as const).map((option) => (
        <label key={option} className="period-toggle__option" data-checked={period === option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={period === option}
            onChange={() => onChange(option)}
            data-testid={`period-${option}`}
          />
          <span>{t(`billing.periods.${option}`)}</span>
          {option === 'yearly' && saving !== null && saving > 0 && (
            <span className="badge period-toggle__saving" data-testid="yearly-saving">
              {t('billing.pricing.save', { saving })}
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
