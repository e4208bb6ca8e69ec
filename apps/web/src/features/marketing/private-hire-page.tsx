import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

export function PrivateHirePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('pages.privateHire.title')} text={t('pages.privateHire.text')}>
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
