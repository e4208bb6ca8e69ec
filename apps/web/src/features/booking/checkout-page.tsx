import { Navigate, useSearchParams } from 'react-router';
import { CheckoutView } from './checkout-view';

/** /checkout?id=&token=[&paypal=cancelled]: a missing id or token goes home (spec §8). */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const token = params.get('token');
  if (!id || !token) return <Navigate to="/" replace />;
  // Back from PayPal's page without paying (its cancel URL): said neutrally on the page.
  return <CheckoutView id={id} token={token} paypalCancelled={params.get('paypal') === 'cancelled'} />;
}
