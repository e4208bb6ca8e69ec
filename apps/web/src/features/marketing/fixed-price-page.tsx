import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function FixedPricePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('pages.fixedPrice.title')} text={t('pages.fixedPrice.text')}>
      <div className="page-actions">
        <Link to="/system" className="btn btn-primary">
          {t('home.book')}
        </Link>
        <Link to="/contact" className="btn btn-outline">
          {t('home.contact')}
        </Link>
      </div>
    </PlaceholderPage>
  );
}
