import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { PrerenderHandoff } from '../components/ui/prerender-handoff';
import { PageSpinner } from './layouts/page-spinner';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './layouts/route-error-page';
import { RequireAdmin, RequireSignedIn } from './route-guards';

/** A page component loaded with its own chunk the first time it is shown. */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

// Only the home page (where most visits start) ships in the first download; every other page is
// its own chunk, fetched when first opened (docs/decisions/0031).
const FixedPricePage = lazyPage(() => import('../features/marketing/fixed-price-page'), 'FixedPricePage');
const PrivateHirePage = lazyPage(() => import('../features/marketing/private-hire-page'), 'PrivateHirePage');
const BusinessPage = lazyPage(() => import('../features/marketing/business-page'), 'BusinessPage');
const ContactPage = lazyPage(() => import('../features/contact/contact-page'), 'ContactPage');
const ProPage = lazyPage(() => import('../features/pro/pro-page'), 'ProPage');
const BookPage = lazyPage(() => import('../features/home/book-page'), 'BookPage');
const SummaryPage = lazyPage(() => import('../features/booking/summary-page'), 'SummaryPage');
const ConfirmationPage = lazyPage(() => import('../features/booking/confirmation-page'), 'ConfirmationPage');
const SuccessPage = lazyPage(() => import('../features/booking/success-page'), 'SuccessPage');
const PaySuccessPage = lazyPage(() => import('../features/booking/pay-success-page'), 'PaySuccessPage');
const CheckoutPage = lazyPage(() => import('../features/booking/checkout-page'), 'CheckoutPage');
const BookingDecisionPage = lazyPage(() => import('../features/booking/booking-decision-page'), 'BookingDecisionPage');
const PriceListPage = lazyPage(() => import('../features/price-list/price-list-page'), 'PriceListPage');
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const AccountPage = lazyPage(() => import('../features/profile/account-page'), 'AccountPage');
const LegalNoticePage = lazyPage(() => import('../features/legal/legal-pages'), 'LegalNoticePage');
const TermsPage = lazyPage(() => import('../features/legal/legal-pages'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('../features/legal/legal-pages'), 'PrivacyPage');

// The admin area is its own chunk, out of the public bundle.
const AdminLayout = lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout');
const PricingPage = lazyPage(() => import('../features/admin-pricing/pricing-page'), 'PricingPage');
const PricingListPage = lazyPage(() => import('../features/admin-pricing-list/pricing-list-page'), 'PricingListPage');
const CarsPage = lazyPage(() => import('../features/admin-cars/cars-page'), 'CarsPage');
const DurationsPage = lazyPage(() => import('../features/admin-durations/durations-page'), 'DurationsPage');
const HolidaysPage = lazyPage(() => import('../features/admin-holidays/holidays-page'), 'HolidaysPage');
const SeasonsPage = lazyPage(() => import('../features/admin-seasons/seasons-page'), 'SeasonsPage');
const AdminProfilePage = lazyPage(() => import('../features/profile/admin-profile-page'), 'AdminProfilePage');
const BookingsPage = lazyPage(() => import('../features/admin-bookings/bookings-page'), 'BookingsPage');
const UsersPage = lazyPage(() => import('../features/admin-users/users-page'), 'UsersPage');
const MessagesPage = lazyPage(() => import('../features/admin-messages/messages-page'), 'MessagesPage');

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      {children}
      {/* Commits with the page, never with the spinner: the server's first paint goes then. */}
      <PrerenderHandoff />
    </Suspense>
  );
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
          { path: 'system', element: <Lazy><BookPage /></Lazy> },
          { path: 'summary', element: <Lazy><SummaryPage /></Lazy> },
          { path: 'confirmation', element: <Lazy><ConfirmationPage /></Lazy> },
          { path: 'success', element: <Lazy><SuccessPage /></Lazy> },
          { path: 'pay-success', element: <Lazy><PaySuccessPage /></Lazy> },
          { path: 'checkout', element: <Lazy><CheckoutPage /></Lazy> },
          { path: 'booking', element: <Lazy><BookingDecisionPage /></Lazy> },
          { path: 'contact', element: <Lazy><ContactPage /></Lazy> },
          { path: 'trajet-fixe-pour-particuliers', element: <Lazy><FixedPricePage /></Lazy> },
          { path: 'mise-a-disposition-pour-particuliers', element: <Lazy><PrivateHirePage /></Lazy> },
          { path: 'service-vtc-business', element: <Lazy><BusinessPage /></Lazy> },
          { path: 'price-list/:city', element: <Lazy><PriceListPage /></Lazy> },
          { path: 'auth/sign', element: <Lazy><LoginPage /></Lazy> },
          { path: 'auth/register', element: <Lazy><RegisterPage /></Lazy> },
          { path: 'auth/forgot-password', element: <Lazy><ForgotPasswordPage /></Lazy> },
          { path: 'auth/reset-password', element: <Lazy><ResetPasswordPage /></Lazy> },
          {
            path: 'account',
            element: (
              <RequireSignedIn>
                <Lazy>
                  <AccountPage />
                </Lazy>
              </RequireSignedIn>
            ),
          },
          { path: 'prof', element: <Lazy><ProPage /></Lazy> },
          { path: 'mentions-legales', element: <Lazy><LegalNoticePage /></Lazy> },
          { path: 'cgv', element: <Lazy><TermsPage /></Lazy> },
          { path: 'confidentialite', element: <Lazy><PrivacyPage /></Lazy> },
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
