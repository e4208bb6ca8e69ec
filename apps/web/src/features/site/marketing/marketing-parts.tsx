import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBusinessTerms } from '../../../components/marketing/business-terms';
import { CallToAction } from '../../../components/marketing/marketing-blocks';
import { CheckList } from '../../../components/marketing/check-list';
import { CheckIcon } from '../../../components/ui/site-icons';
import './marketing-pages.css';

/** Prices, surcharges, cancellation and payment terms, as every offer page states them. */
export function GoodToKnow() {
  const { t } = useTranslation('marketing');
  const terms = useBusinessTerms();
  return (
    <section className="page-section" aria-labelledby="good-to-know">
      <div className="container">
        <div className="info-panel">
          <h2 id="good-to-know" className="info-panel-title">
            {t('goodToKnow.title')}
          </h2>
          <CheckList
            icon={<CheckIcon />}
            items={[
              t('goodToKnow.price'),
              t('goodToKnow.surcharge', terms),
              t('goodToKnow.cancellation', terms),
              t('goodToKnow.payment', terms),
            ]}
          />
        </div>
      </div>
    </section>
  );
}

/** The closing buttons of the offer pages: book (/system, on the page's service) or write to us (/contact). */
export function BookOrContact({ bookUrl = '/system' }: { bookUrl?: string }) {
  const { t } = useTranslation('marketing');
  return (
    <CallToAction id="page-actions" title={t('actions.title')} text={t('actions.text')}>
      <Link to={bookUrl} className="btn btn-primary btn-large">
        {t('actions.book')}
      </Link>
      <Link to="/contact" className="btn btn-ghost btn-large">
        {t('actions.contact')}
      </Link>
    </CallToAction>
  );
}
