import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../auth';

/**
 * The header of public pages: brand, About, Log In, Sign Up and the language toggle, on one line. On a phone
 * About moves to the footer (it is always there) and the toggle shows only the language to switch to, so
 * "Iniciar sesión" never breaks at 375 px.
 */
export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className="public-header">
      <Link to="/" className="brand">
        {t('brand')}
      </Link>
      <nav aria-label={t('nav.publicLabel')} className="public-links">
        <Link to="/about" className="public-about">
          {t('nav.about')}
        </Link>
        <Link to="/login">{t('nav.login')}</Link>
        <Link to="/signup" className="btn btn-small">
          {t('nav.signup')}
        </Link>
      </nav>
      <LanguageToggle />
    </header>
  );
}

export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div>
          <div className="brand">{t('brand')}</div>
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')} className="footer-links">
          <Link to="/about" className="public-about">
            {t('nav.about')}
          </Link>
          <Link to="/signup?type=restaurant">{t('footer.forRestaurants')}</Link>
          <Link to="/signup?type=chef">{t('footer.forChefs')}</Link>
          <Link to="/legal/chef-terms">{t('legal.chefTerms')}</Link>
          <Link to="/legal/restaurant-terms">{t('legal.restaurantTerms')}</Link>
          <Link to="/legal/privacy">{t('legal.privacy')}</Link>
        </nav>
        <p className="footer-copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
