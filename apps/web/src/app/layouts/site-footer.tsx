import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LockIcon, PhoneIcon } from '../../components/ui/icons';
import { CardIcon, ChatIcon, MailIcon } from '../../components/ui/site-icons';
import { usePublicConfig } from '../../lib/public-config';
import './site-footer.css';

/**
 * The company's number, WhatsApp and e-mail. They read the public configuration in a component of
 * their own: when it arrives after the hydration (a store update, which React renders at once),
 * only this list renders again, not the whole footer (docs/decisions/0168).
 */
function FooterContacts() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  return (
    <ul className="footer-list footer-contacts">
      {config?.companyPhone ? (
        <li>
          <PhoneIcon />
          <span>
            <span className="footer-label">
              {t('footer.phone')} · {t('footer.emergency')}
            </span>
            <a href={`tel:${config.companyPhone.replace(/\s/g, '')}`} dir="ltr">
              {config.companyPhone}
            </a>
          </span>
        </li>
      ) : null}
      {config?.whatsappUrl ? (
        <li>
          <ChatIcon />
          <a href={config.whatsappUrl} target="_blank" rel="noopener noreferrer">
            {t('footer.whatsapp')}
          </a>
        </li>
      ) : null}
      {config?.companyEmail ? (
        <li>
          <MailIcon />
          <span>
            <span className="footer-label">{t('footer.email')}</span>
            <a href={`mailto:${config.companyEmail}`}>{config.companyEmail}</a>
          </span>
        </li>
      ) : null}
    </ul>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">
            {t('brand')}
          </h2>
          <p>{t('footer.about')}</p>
          <p className="footer-payment">
            <LockIcon />
            {t('footer.securePayment')}
          </p>
          <p className="footer-payment-methods">
            <CardIcon />
            {t('footer.paymentMethods')}
          </p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            {t('footer.contactTitle')}
          </h2>
          <p>{t('footer.available')}</p>
          <FooterContacts />
        </section>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="footer-title">
            {t('footer.servicesTitle')}
          </h2>
          <ul className="footer-list">
            <li>
              <Link to="/trajet-fixe-pour-particuliers">{t('nav.fixedPrice')}</Link>
            </li>
            <li>
              <Link to="/mise-a-disposition-pour-particuliers">{t('nav.privateHire')}</Link>
            </li>
            <li>
              <Link to="/excursions">{t('nav.tours')}</Link>
            </li>
            <li>
              <Link to="/service-vtc-business">{t('nav.business')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-title">
            {t('footer.linksTitle')}
          </h2>
          <ul className="footer-list">
            <li>
              <Link to="/system">{t('nav.book')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('nav.contact')}</Link>
            </li>
            <li>
              <Link to="/prof">{t('footer.pro')}</Link>
            </li>
            <li>
              <Link to="/mentions-legales">{t('footer.legalNotice')}</Link>
            </li>
            <li>
              <Link to="/cgv">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/confidentialite">{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="footer-bottom">
        © {year} {t('brand')}. {t('footer.rights')}
      </p>
    </footer>
  );
}
