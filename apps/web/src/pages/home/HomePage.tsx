import { ADVERTISED_GENERATION_SECONDS, EXAMPLE_WORD_LIMIT, YEARLY_DISCOUNT } from '@quire/contracts';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { ToolGroups } from '../../features/tools/ToolGroups';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import './home-page.css';

const PRINCIPLES = ['sources', 'languages', 'open'] as const;

/** Screens of the app, made by scripts/screenshots.ts: public/screenshots/{key}.webp, all of this size. */
const SCREENSHOTS = ['tool', 'sources', 'cards'] as const;
const SCREENSHOT_SIZE = { width: 960, height: 600 };

/** The landing page: what Quire does, how fast, for whom, and where to start. */
export function HomePage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="home">
      <section className="home__hero">
        <p className="home__eyebrow">{t('brand.tagline')}</p>
        <PageTitle documentTitle={null}>{t('home.heroTitle')}</PageTitle>
        <p className="home__lead">{t('home.heroLead')}</p>
        <p className="home__speed">{t('home.speed', { seconds: ADVERTISED_GENERATION_SECONDS })}</p>
        <div className="home__actions">
          <Link to={to('try')} className="button button--large" data-testid="cta-try">
            {t('home.ctaTry')}
          </Link>
          <Link to={to('login')} className="button button--secondary button--large">
            {t('home.ctaLogin')}
          </Link>
        </div>
      </section>

      <section className="home__section" id="tools" aria-labelledby="home-tools">
        <h2 id="home-tools">{t('home.toolsTitle')}</h2>
        <p className="home__section-lead">{t('home.toolsLead')}</p>
        <ToolGroups headingLevel={3} />
      </section>

      <section className="home__section" aria-labelledby="home-screenshots" data-testid="home-screenshots">
        <h2 id="home-screenshots">{t('home.screenshots.title')}</h2>
        <p className="home__section-lead">{t('home.screenshots.lead')}</p>
        <ul className="home__screenshots">
          {SCREENSHOTS.map((key) => (
            <li key={key}>
              <figure>
                <img
                  src={`/screenshots/${key}.webp`}
                  alt={t(`home.screenshots.items.${key}.alt`)}
                  {...SCREENSHOT_SIZE}
                  loading="lazy"
                  decoding="async"
                />
                <figcaption>{t(`home.screenshots.items.${key}.caption`)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__section" aria-labelledby="home-principles">
        <h2 id="home-principles">{t('home.principlesTitle')}</h2>
        <ul className="home__principles">
          {PRINCIPLES.map((key) => (
            <li key={key}>
              <h3>{t(`home.principles.${key}.title`)}</h3>
              <p>{t(`home.principles.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__section home__pricing" aria-labelledby="home-pricing">
        <h2 id="home-pricing">{t('home.pricingTitle')}</h2>
        <p>{t('home.pricingText', { words: EXAMPLE_WORD_LIMIT, discount: YEARLY_DISCOUNT })}</p>
        <Link to={to('pricing')} className="button button--secondary">
          {t('home.pricingCta')}
        </Link>
      </section>
    </div>
  );
}
