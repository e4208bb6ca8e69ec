import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function BusinessPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('pages.business.title')} text={t('pages.business.text')}>
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
