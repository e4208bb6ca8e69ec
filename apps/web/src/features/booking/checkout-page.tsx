import { Navigate, useSearchParams } from 'react-router';
import { CheckoutView } from './checkout-view';

/** /checkout?id=&token=: a missing id or token goes home (spec §8). */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const token = params.get('token');
  if (!id || !token) return <Navigate to="/" replace />;
  return <CheckoutView id={id} token={token} />;
}
