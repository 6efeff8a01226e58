import { EXAMPLE_WORD_LIMIT, REFERRAL_BONUS_WORDS, YEARLY_DISCOUNT } from '@quire/contracts';
import { Link } from 'react-router';
import { useLocalePath } from '../../app/use-locale';
import { ComingSoon } from '../../components/ComingSoon';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/use-translation';

export function PricingPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const title = t('pages.pricing.title');
  return (
    <article className="page">
      <PageTitle documentTitle={title}>{title}</PageTitle>
      <p className="lead">{t('pages.pricing.intro')}</p>
      <ul className="fact-list">
        <li>{t('pages.pricing.wordLimit', { words: EXAMPLE_WORD_LIMIT })}</li>
        <li>{t('pages.pricing.yearly', { discount: YEARLY_DISCOUNT })}</li>
        <li>{t('pages.pricing.referral', { words: REFERRAL_BONUS_WORDS })}</li>
      </ul>
      <ComingSoon>{t('pages.pricing.soon')}</ComingSoon>
      <p>
        <Link to={to('try')} className="button">
          {t('home.ctaTry')}
        </Link>
      </p>
    </article>
  );
}
