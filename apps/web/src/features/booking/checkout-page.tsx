import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

/** /checkout?id=&token=: a missing id or token goes home (spec §8). */
export function CheckoutPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (!params.get('id') || !params.get('token')) return <Navigate to="/" replace />;
  return <PlaceholderPage title={t('pages.checkout.title')} text={t('pages.checkout.text')} />;
}
