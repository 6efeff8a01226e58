import type { FeatureSlug, Plan, PricingPeriod } from '@quire/contracts';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatCount, formatMoney, monthlyShare } from './billing-format';

type Props = {
  plan: Plan;
  period: PricingPeriod;
  current: boolean;
  /** This plan's checkout is under way. */
  pending: boolean;
  /** Another checkout is under way. */
  disabled: boolean;
  onChoose: () => void;
};

/** One plan: its name, price for the period, words a month, tools, and the way to book it. */
export function PlanCard({ plan, period, current, pending, disabled, onChoose }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const price = plan.prices?.[period];
  return (
    <article
      className={`plan-card${current ? ' plan-card--current' : ''}`}
      data-testid={`plan-${plan.slug}`}
      aria-labelledby={`plan-${plan.slug}-name`}
    >
      <header className="plan-card__header">
        <h2 id={`plan-${plan.slug}-name`} className="plan-card__name">
          {plan.name}
        </h2>
        {current && (
          <span className="badge plan-card__current" data-testid="current-plan">
            {t('billing.pricing.current')}
          </span>
        )}
      </header>
      <p className="plan-card__price" data-testid="plan-price">
        {price ? (
          <>
            <strong>{formatMoney(price, locale)}</strong> {t(`billing.pricing.per.${period}`)}
          </>
        ) : (
          <strong>{t('billing.pricing.free')}</strong>
        )}
      </p>
      {price && period === 'yearly' && (
        <p className="muted plan-card__note" data-testid="plan-monthly-share">
          {t('billing.pricing.perMonthYearly', { price: formatMoney(monthlyShare(price), locale) })}
        </p>
      )}
      <p className="plan-card__words" data-testid="plan-words">
        {t('billing.pricing.wordsPerMonth', { words: formatCount(plan.words_per_month, locale) })}
      </p>
      <ToolList tools={plan.tools} />
      {price && (
        <button
          type="button"
          className={current ? 'button button--secondary' : 'button'}
          disabled={current || disabled}
          aria-busy={pending}
          onClick={onChoose}
          data-testid={`choose-${plan.slug}`}
        >
          {current
            ? t('billing.pricing.currentButton')
            : pending
              ? t('billing.pricing.redirecting')
              : t('billing.pricing.choose', { plan: plan.name })}
        </button>
      )}
    </article>
  );
}

function ToolList({ tools }: { tools: Plan['tools'] }) {
  const { t } = useTranslation();
  if (tools === 'all') return <p className="plan-card__tools">{t('billing.pricing.allTools')}</p>;
  return (
    <div className="plan-card__tools">
      <p>{t('billing.pricing.toolsIncluded')}</p>
      <ul>
        {tools.map((slug: FeatureSlug) => (
          <li key={slug}>{t(`tools.${slug}.title`)}</li>
        ))}
      </ul>
    </div>
  );
}
