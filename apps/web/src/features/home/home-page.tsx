import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const SERVICES = ['transfers', 'tours', 'events'] as const;

/** Home: hero heading and intro; the booking form and marketing sections come with the booking issue. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="hero-kicker">{t('home.kicker')}</p>
          <h1 className="hero-title">{t('home.title')}</h1>
          <p className="hero-intro">{t('home.intro')}</p>
          <div className="hero-actions">
            <Link to="/system" className="btn btn-primary btn-large">
              {t('home.book')}
            </Link>
            <Link to="/contact" className="btn btn-outline btn-large">
              {t('home.contact')}
            </Link>
          </div>
        </div>
      </section>
      <section className="page-section" aria-labelledby="home-services">
        <div className="container">
          <h2 id="home-services" className="section-title">
            {t('home.servicesTitle')}
          </h2>
          <ul className="feature-grid">
            {SERVICES.map((service) => (
              <li key={service} className="feature-card">
                <h3>{t(`home.services.${service}.title`)}</h3>
                <p>{t(`home.services.${service}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
