import type { WordPack } from '@quire/contracts';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatCount, formatMoney } from './billing-format';

type Props = { pack: WordPack; pending: boolean; disabled: boolean; onChoose: () => void };

/** A one-off pack of extra words, on top of any plan. */
export function PackCard({ pack, pending, disabled, onChoose }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <article
      className="plan-card plan-card--pack"
      data-testid={`pack-${pack.slug}`}
      aria-labelledby={`pack-${pack.slug}`}
    >
      <h2 id={`pack-${pack.slug}`} className="plan-card__name">
        {pack.name}
      </h2>
      <p className="plan-card__price">
        <strong>{formatMoney(pack.price, locale)}</strong> {t('billing.pricing.once')}
      </p>
      <p className="plan-card__words">{t('billing.pricing.packWords', { words: formatCount(pack.words, locale) })}</p>
      <button
        type="button"
        className="button button--secondary"
        disabled={disabled}
        aria-busy={pending}
        onClick={onChoose}
        data-testid={`choose-${pack.slug}`}
      >
        {pending ? t('billing.pricing.redirecting') : t('billing.pricing.buyPack')}
      </button>
    </article>
  );
}
