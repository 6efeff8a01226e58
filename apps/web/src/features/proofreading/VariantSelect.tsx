import type { ProofreadingVariant } from '@quire/contracts';
import { useTranslation } from '../../i18n/use-translation';

/** The spelling variant to check against (en-GB, de-CH…), or 'auto' for the profile's default and the text's own. */
export function VariantSelect({
  id,
  variants,
  value,
  onChange,
}: {
  id: string;
  variants: readonly ProofreadingVariant[];
  value: ProofreadingVariant | 'auto';
  onChange: (variant: ProofreadingVariant | 'auto') => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{t('proofreading.form.variant')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ProofreadingVariant | 'auto')}
        data-testid="proofreading-variant"
      >
        <option value="auto">{t('proofreading.form.variantAuto')}</option>
        {variants.map((variant) => (
          <option key={variant} value={variant}>
            {t(`proofreading.variants.${variant}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
