import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

/** /price-list/:city?originId=: without originId, home (spec §2). */
export function PriceListPage() {
  const { t } = useTranslation();
  const { city = '' } = useParams();
  const [params] = useSearchParams();
  if (!params.get('originId')) return <Navigate to="/" replace />;
  return <PlaceholderPage title={t('pages.priceList.title', { city })} text={t('pages.priceList.text')} />;
}
