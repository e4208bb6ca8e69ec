import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { BookingDecisionPage } from '../features/booking/booking-decision-page';
import { CheckoutPage } from '../features/booking/checkout-page';
import { ConfirmationPage } from '../features/booking/confirmation-page';
import { PaySuccessPage } from '../features/booking/pay-success-page';
import { SuccessPage } from '../features/booking/success-page';
import { SummaryPage } from '../features/booking/summary-page';
import { SystemPage } from '../features/booking/system-page';
import { ContactPage } from '../features/contact/contact-page';
import { HomePage } from '../features/home/home-page';
import { BusinessPage } from '../features/marketing/business-page';
import { FixedPricePage } from '../features/marketing/fixed-price-page';
import { PrivateHirePage } from '../features/marketing/private-hire-page';
import { PriceListPage } from '../features/price-list/price-list-page';
import { ProPage } from '../features/pro/pro-page';
import { AccountPage } from '../features/profile/account-page';
import { PageSpinner } from './layouts/page-spinner';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './layouts/route-error-page';
import { RequireAdmin, RequireSignedIn } from './route-guards';

// The admin area is its own chunk, out of the public bundle.
const AdminLayout = lazy(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })));
const PricingPage = lazy(() =>
  import('../features/admin-pricing/pricing-page').then((m) => ({ default: m.PricingPage })),
);
const PricingListPage = lazy(() =>
  import('../features/admin-pricing-list/pricing-list-page').then((m) => ({ default: m.PricingListPage })),
);
const CarsPage = lazy(() => import('../features/admin-cars/cars-page').then((m) => ({ default: m.CarsPage })));
const DurationsPage = lazy(() =>
  import('../features/admin-durations/durations-page').then((m) => ({ default: m.DurationsPage })),
);
const HolidaysPage = lazy(() =>
  import('../features/admin-holidays/holidays-page').then((m) => ({ default: m.HolidaysPage })),
);
const SeasonsPage = lazy(() =>
  import('../features/admin-seasons/seasons-page').then((m) => ({ default: m.SeasonsPage })),
);
const AdminProfilePage = lazy(() =>
  import('../features/profile/admin-profile-page').then((m) => ({ default: m.AdminProfilePage })),
);
const BookingsPage = lazy(() =>
  import('../features/admin-bookings/bookings-page').then((m) => ({ default: m.BookingsPage })),
);
const UsersPage = lazy(() => import('../features/admin-users/users-page').then((m) => ({ default: m.UsersPage })));
const MessagesPage = lazy(() =>
  import('../features/admin-messages/messages-page').then((m) => ({ default: m.MessagesPage })),
);

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'system', element: <SystemPage /> },
          { path: 'summary', element: <SummaryPage /> },
          { path: 'confirmation', element: <ConfirmationPage /> },
          { path: 'success', element: <SuccessPage /> },
          { path: 'pay-success', element: <PaySuccessPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: 'booking', element: <BookingDecisionPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'trajet-fixe-pour-particuliers', element: <FixedPricePage /> },
          { path: 'mise-a-disposition-pour-particuliers', element: <PrivateHirePage /> },
          { path: 'service-vtc-business', element: <BusinessPage /> },
          { path: 'price-list/:city', element: <PriceListPage /> },
          { path: 'auth/sign', element: <LoginPage /> },
          { path: 'auth/register', element: <RegisterPage /> },
          { path: 'auth/forgot-password', element: <ForgotPasswordPage /> },
          { path: 'auth/reset-password', element: <ResetPasswordPage /> },
          {
            path: 'account',
            element: (
              <RequireSignedIn>
                <AccountPage />
              </RequireSignedIn>
            ),
          },
          { path: 'prof', element: <ProPage /> },
        ],
      },
      {
        element: (
          <RequireAdmin>
            <Lazy>
              <AdminLayout />
            </Lazy>
          </RequireAdmin>
        ),
        children: [
          { path: 'pricing', element: <Lazy><PricingPage /></Lazy> },
          { path: 'pricing-list', element: <Lazy><PricingListPage /></Lazy> },
          { path: 'cars', element: <Lazy><CarsPage /></Lazy> },
          { path: 'durations', element: <Lazy><DurationsPage /></Lazy> },
          { path: 'holidays', element: <Lazy><HolidaysPage /></Lazy> },
          { path: 'profile', element: <Lazy><AdminProfilePage /></Lazy> },
          { path: 'seasons', element: <Lazy><SeasonsPage /></Lazy> },
          { path: 'bookings', element: <Lazy><BookingsPage /></Lazy> },
          { path: 'users', element: <Lazy><UsersPage /></Lazy> },
          { path: 'messages', element: <Lazy><MessagesPage /></Lazy> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
