import { Link } from 'react-router';
import { LanguageLinks } from '../../components/language/LanguageLinks';
import { useSession } from '../../features/auth/use-session';
import { ConsentSettingsButton } from '../../features/consent/ConsentSettingsButton';
import { FeedbackButton } from '../../features/feedback/FeedbackButton';
import { useLocalePath } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import '../../features/consent/footer-links.css';

/** Legal pages are not written yet; they are listed, marked as coming, rather than linked to nothing. */
const LEGAL_PLACEHOLDERS = ['imprint', 'privacy', 'terms'] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">{t('brand.name')}</p>
          <p>{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.legal')}>
          <h2 className="site-footer__heading">{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to={to('contact')}>{t('nav.contact')}</Link>
            </li>
            {LEGAL_PLACEHOLDERS.map((key) => (
              <li key={key} className="site-footer__placeholder">
                {t(`footer.${key}`)} <span className="badge">{t('common.soon')}</span>
              </li>
            ))}
            <li>
              <ConsentSettingsButton className="footer-action" />
            </li>
            <FeedbackItem />
          </ul>
        </nav>
        <nav aria-label={t('footer.languages')}>
          <h2 className="site-footer__heading">{t('footer.languages')}</h2>
          <LanguageLinks />
        </nav>
      </div>
    </footer>
  );
}

/** The app's footer (default layout): contact, cookie settings and, for signed-in users, feedback. */
export function AppFooter() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <footer className="app-footer">
      <ul>
        <li>
          <Link to={to('contact')}>{t('nav.contact')}</Link>
        </li>
        <li>
          <ConsentSettingsButton className="footer-action" />
        </li>
        <FeedbackItem />
      </ul>
    </footer>
  );
}

/** Feedback is stored with the user's account, so only signed-in users are offered it. */
function FeedbackItem() {
  const session = useSession();
  if (!session) return null;
  return (
    <li>
      <FeedbackButton className="footer-action" />
    </li>
  );
}
