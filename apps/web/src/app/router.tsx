import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { HomePage } from '../features/site/home/home-page';
import { hrefInLanguage } from '../lib/language';
import { i18n } from './i18n';
import { Lazy } from './layouts/lazy-page';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './layouts/route-error-page';
import { RequireAdmin, RequireSignedIn } from './route-guards';

/** A page component loaded with its own chunk the first time it is shown. */
function lazyPage<Name extends string, Props extends object = object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

// Only the home page (where most visits start) ships in the first download; every other page is
// its own chunk, fetched when first opened (docs/decisions/0031).
const FixedPricePage = lazyPage(() => import('../features/site/marketing/fixed-price-page'), 'FixedPricePage');
const PrivateHirePage = lazyPage(() => import('../features/site/marketing/private-hire-page'), 'PrivateHirePage');
const BusinessPage = lazyPage(() => import('../features/site/marketing/business-page'), 'BusinessPage');
const ContactPage = lazyPage(() => import('../features/site/contact/contact-page'), 'ContactPage');
const ProPage = lazyPage(() => import('../features/site/pro/pro-page'), 'ProPage');
// The business account request, placed by /prof and /service-vtc-business: its own chunk, fetched when opened.
const CompanyRequestForm = lazyPage(() => import('../features/site/company-request/company-request-form'), 'CompanyRequestForm');
const BookPage = lazyPage(() => import('../features/site/home/book-page'), 'BookPage');
/** Resolves in a later task: the browser gets a turn (a tap, a frame) before what follows. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The booking feature's form, placed by the home and /system pages; its own chunk keeps its form
// libraries out of the home page's first download. Its heaviest modules run each in a task of its
// own, not all in one that holds a phone's first taps: the Paris clock (which starts the browser's
// time-zone data), the booking schemas with their library, then the form
// (docs/decisions/0163). All are already asked for with the page (index.html).
const BookingForm = lazyPage(async () => {
  await import('@vtc/shared/time/paris-time');
  await nextTask();
  await import('@vtc/shared/booking/booking-schemas');
  await nextTask();
  return import('../features/booking/booking-form');
}, 'BookingForm');
const SummaryPage = lazyPage(() => import('../features/booking/summary-page'), 'SummaryPage');
const ConfirmationPage = lazyPage(() => import('../features/booking/confirmation-page'), 'ConfirmationPage');
const SuccessPage = lazyPage(() => import('../features/booking/success-page'), 'SuccessPage');
const PaySuccessPage = lazyPage(() => import('../features/booking/pay-success-page'), 'PaySuccessPage');
const CheckoutPage = lazyPage(() => import('../features/booking/checkout-page'), 'CheckoutPage');
const BookingDecisionPage = lazyPage(() => import('../features/booking/booking-decision-page'), 'BookingDecisionPage');
const PriceListPage = lazyPage(() => import('../features/site/price-list/price-list-page'), 'PriceListPage');
// Step three's inline sign-in and registration (decision 0092), fetched with the page that shows it.
const InlineAccount = lazyPage(() => import('../features/account/auth/inline-account'), 'InlineAccount');
const LoginPage = lazyPage(() => import('../features/account/auth/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/account/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/account/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/account/auth/reset-password-page'), 'ResetPasswordPage');
const SignInLinkPage = lazyPage(() => import('../features/account/auth/sign-in-link-page'), 'SignInLinkPage');
const VerifyEmailPage = lazyPage(() => import('../features/account/auth/verify-email-page'), 'VerifyEmailPage');
const AccountPage = lazyPage(() => import('../features/account/profile/account-page'), 'AccountPage');
const MyBookingsPage = lazyPage(() => import('../features/account/bookings/my-bookings-page'), 'MyBookingsPage');
const MyBookingPage = lazyPage(() => import('../features/account/bookings/my-booking-page'), 'MyBookingPage');
const MyCompanyPage = lazyPage(() => import('../features/account/company/my-company-page'), 'MyCompanyPage');
const LegalNoticePage = lazyPage(() => import('../features/site/legal/legal-pages'), 'LegalNoticePage');
const TermsPage = lazyPage(() => import('../features/site/legal/legal-pages'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('../features/site/legal/legal-pages'), 'PrivacyPage');
// The chauffeur's mission link: its own frame (no site navigation, no sign-in) and its own chunk.
const MissionLayout = lazyPage(() => import('./layouts/mission-layout'), 'MissionLayout');
const MissionPage = lazyPage(() => import('../features/operations/mission/mission-page'), 'MissionPage');
// The customer's tracking link (decision 0132): its own chunk, with the map's loaded after paint.
const TrackingPage = lazyPage(() => import('../features/operations/tracking/tracking-page'), 'TrackingPage');
// The rating link mailed after the trip (decision 0146) and the back office's Avis: in the tracking's and the dashboard's chunks.
const FeedbackPage = lazyPage(() => import('../features/operations/tracking/tracking-page'), 'FeedbackPage');
const ReviewsPage = lazyPage(() => import('../features/admin/dashboard/dashboard-page'), 'ReviewsPage');

// The admin area is its own chunk, out of the public bundle.
const AdminLayout = lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout');
const PricingPage = lazyPage(() => import('../features/admin/pricing/pricing-page'), 'PricingPage');
const PricingListPage = lazyPage(() => import('../features/admin/pricing-list/pricing-list-page'), 'PricingListPage');
const PublicToursPage = lazyPage(() => import('../features/site/tours/tours-page'), 'ToursPage');
const TourPage = lazyPage(() => import('../features/site/tours/tour-page'), 'TourPage');
const ToursPage = lazyPage(() => import('../features/admin/tours/tours-page'), 'ToursPage');
const HourlyRatesPage = lazyPage(() => import('../features/admin/hourly-rates/hourly-rates-page'), 'HourlyRatesPage');
const CarsPage = lazyPage(() => import('../features/admin/cars/cars-page'), 'CarsPage');
const DurationsPage = lazyPage(() => import('../features/admin/durations/durations-page'), 'DurationsPage');
const HolidaysPage = lazyPage(() => import('../features/admin/holidays/holidays-page'), 'HolidaysPage');
const SeasonsPage = lazyPage(() => import('../features/admin/seasons/seasons-page'), 'SeasonsPage');
const AdminProfilePage = lazyPage(() => import('../features/account/profile/admin-profile-page'), 'AdminProfilePage');
const BookingsPage = lazyPage(() => import('../features/admin/bookings/bookings-page'), 'BookingsPage');
const PlanningPage = lazyPage(() => import('../features/admin/bookings/planning-page'), 'PlanningPage');
const NewBookingPage = lazyPage(() => import('../features/admin/bookings/new-booking-page'), 'NewBookingPage');
const DashboardPage = lazyPage(() => import('../features/admin/dashboard/dashboard-page'), 'DashboardPage');
const DriversPage = lazyPage(() => import('../features/admin/drivers/drivers-page'), 'DriversPage');
const UsersPage = lazyPage(() => import('../features/admin/users/users-page'), 'UsersPage');
const CompaniesPage = lazyPage(() => import('../features/admin/companies/companies-page'), 'CompaniesPage');
const MessagesPage = lazyPage(() => import('../features/admin/messages/messages-page'), 'MessagesPage');
const InvoicesPage = lazyPage(() => import('../features/admin/invoices/invoices-page'), 'InvoicesPage');

/**
 * The app's router: every route, and the scroll positions it keeps in the tab. Made by main.tsx
 * in a task of its own, not while the app's modules are evaluated nor in the task that starts the
 * hydration: on a phone each of the three is a long task (docs/decisions/0163, 0168).
 */
export function createAppRouter() {
  const router = createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            { index: true, element: <HomePage bookingForm={<BookingForm />} /> },
            { path: 'system', element: <Lazy><BookPage bookingForm={<BookingForm />} /></Lazy> },
            { path: 'summary', element: <Lazy><SummaryPage /></Lazy> },
            { path: 'confirmation', element: <Lazy><ConfirmationPage accountPanel={InlineAccount} /></Lazy> },
            { path: 'success', element: <Lazy><SuccessPage /></Lazy> },
            { path: 'pay-success', element: <Lazy><PaySuccessPage /></Lazy> },
            { path: 'checkout', element: <Lazy><CheckoutPage /></Lazy> },
            { path: 'booking', element: <Lazy><BookingDecisionPage /></Lazy> },
            { path: 'contact', element: <Lazy><ContactPage /></Lazy> },
            { path: 'trajet-fixe-pour-particuliers', element: <Lazy><FixedPricePage /></Lazy> },
            { path: 'mise-a-disposition-pour-particuliers', element: <Lazy><PrivateHirePage /></Lazy> },
            { path: 'service-vtc-business', element: <Lazy><BusinessPage requestForm={<CompanyRequestForm />} /></Lazy> },
            { path: 'price-list/:city', element: <Lazy><PriceListPage /></Lazy> },
            { path: 'excursions', element: <Lazy><PublicToursPage /></Lazy> },
            { path: 'excursions/:id', element: <Lazy><TourPage /></Lazy> },
            { path: 'auth/sign', element: <Lazy><LoginPage /></Lazy> },
            { path: 'auth/register', element: <Lazy><RegisterPage /></Lazy> },
            { path: 'auth/forgot-password', element: <Lazy><ForgotPasswordPage /></Lazy> },
            { path: 'auth/reset-password', element: <Lazy><ResetPasswordPage /></Lazy> },
            { path: 'auth/sign-in-link', element: <Lazy><SignInLinkPage /></Lazy> },
            { path: 'verify-email', element: <Lazy><VerifyEmailPage /></Lazy> },
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
            {
              path: 'account/bookings',
              element: (
                <RequireSignedIn>
                  <Lazy>
                    <MyBookingsPage />
                  </Lazy>
                </RequireSignedIn>
              ),
            },
            {
              path: 'account/bookings/:id',
              element: (
                <RequireSignedIn>
                  <Lazy>
                    <MyBookingPage />
                  </Lazy>
                </RequireSignedIn>
              ),
            },
            {
              path: 'account/company',
              element: (
                <RequireSignedIn>
                  <Lazy>
                    <MyCompanyPage />
                  </Lazy>
                </RequireSignedIn>
              ),
            },
            { path: 'prof', element: <Lazy><ProPage requestForm={<CompanyRequestForm />} /></Lazy> },
            { path: 'mentions-legales', element: <Lazy><LegalNoticePage /></Lazy> },
            { path: 'cgv', element: <Lazy><TermsPage /></Lazy> },
            { path: 'confidentialite', element: <Lazy><PrivacyPage /></Lazy> },
            { path: 'track/:id', element: <Lazy><TrackingPage /></Lazy> },
            { path: 'feedback/:id', element: <Lazy><FeedbackPage /></Lazy> },
          ],
        },
        {
          element: (
            <Lazy>
              <MissionLayout />
            </Lazy>
          ),
          children: [{ path: 'mission', element: <Lazy><MissionPage /></Lazy> }],
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
            { path: 'dashboard', element: <Lazy><DashboardPage /></Lazy> },
            { path: 'planning', element: <Lazy><PlanningPage /></Lazy> },
            { path: 'pricing', element: <Lazy><PricingPage /></Lazy> },
            { path: 'pricing-list', element: <Lazy><PricingListPage /></Lazy> },
            { path: 'hourly-rates', element: <Lazy><HourlyRatesPage /></Lazy> },
            { path: 'tours', element: <Lazy><ToursPage /></Lazy> },
            { path: 'cars', element: <Lazy><CarsPage /></Lazy> },
            { path: 'durations', element: <Lazy><DurationsPage /></Lazy> },
            { path: 'holidays', element: <Lazy><HolidaysPage /></Lazy> },
            { path: 'profile', element: <Lazy><AdminProfilePage /></Lazy> },
            { path: 'seasons', element: <Lazy><SeasonsPage /></Lazy> },
            { path: 'bookings', element: <Lazy><BookingsPage /></Lazy> },
            { path: 'bookings/new', element: <Lazy><NewBookingPage /></Lazy> },
            { path: 'drivers', element: <Lazy><DriversPage /></Lazy> },
            { path: 'users', element: <Lazy><UsersPage /></Lazy> },
            { path: 'companies', element: <Lazy><CompaniesPage /></Lazy> },
            { path: 'invoices', element: <Lazy><InvoicesPage /></Lazy> },
            { path: 'messages', element: <Lazy><MessagesPage /></Lazy> },
            { path: 'reviews', element: <Lazy><ReviewsPage /></Lazy> },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);

  // The links of an English or Arabic page name its language, like its prerendered markup
  // (render-page.tsx): hydration finds the same addresses. A click still navigates in the app.
  const createHref = router.createHref.bind(router);
  router.createHref = (location) => hrefInLanguage(createHref(location), i18n.language);
  return router;
}
