import type { FastifyPluginAsync } from 'fastify';
import type { PlacesProvider } from '../catalogue/places/places-provider.ts';
import backOfficeRoutes from './back-office/back-office-routes.ts';
import companyBookingsRoutes from './company/company-bookings-routes.ts';
import { adminStatementsRoutes, memberStatementsRoutes } from './company/company-statements-routes.ts';
import companyCancelRoutes from './decisions/company-cancel-routes.ts';
import { adminChangesRoutes, customerChangesRoutes } from './changes/changes-routes.ts';
import decisionsRoutes from './decisions/decisions-routes.ts';
import { adminBookingDocumentsRoutes, adminInvoicesRoutes, customerDocumentsRoutes, einvoiceXmlRoutes } from './documents/documents-routes.ts';
import feedbackRoutes from './feedback/feedback-routes.ts';
import funnelRoutes from './funnel/funnel-routes.ts';
import bookingMessagesRoutes from './messages/booking-messages-routes.ts';
import textStatusRoutes from './messages/text-status-routes.ts';
import paymentsRoutes from './payments/payments-routes.ts';
import settlementRoutes from './settlement/settlement-routes.ts';
import { adminDepositLinkRoutes, customerDepositLinkRoutes } from './payments/deposit-link-routes.ts';

/** The booking funnel, the company's decisions, payments and documents (mounted under /api). */
const bookingRoutes: FastifyPluginAsync<{ places: PlacesProvider }> = async (app, { places }) => {
  await app.register(funnelRoutes, { prefix: '/user/booking', places });
  await app.register(paymentsRoutes, { prefix: '/booking/payment' });
  await app.register(decisionsRoutes, { prefix: '/booking', places });
  await app.register(companyCancelRoutes, { prefix: '/booking', places });
  await app.register(backOfficeRoutes, { prefix: '/booking', places });
  await app.register(settlementRoutes, { prefix: '/booking', places });
  await app.register(bookingMessagesRoutes, { prefix: '/booking' });
  await app.register(textStatusRoutes, { prefix: '/booking' });
  await app.register(customerDocumentsRoutes, { prefix: '/user/booking' });
  await app.register(adminBookingDocumentsRoutes, { prefix: '/booking' });
  await app.register(adminInvoicesRoutes, { prefix: '/invoice' });
  await app.register(einvoiceXmlRoutes, { prefix: '/invoice' });
  await app.register(adminChangesRoutes, { prefix: '/booking', places });
  await app.register(customerChangesRoutes, { prefix: '/user/booking', places });
  await app.register(customerDepositLinkRoutes, { prefix: '/user/booking' });
  await app.register(adminDepositLinkRoutes, { prefix: '/booking' });
  await app.register(companyBookingsRoutes, { prefix: '/company' });
  await app.register(memberStatementsRoutes, { prefix: '/company' });
  await app.register(adminStatementsRoutes, { prefix: '/invoice' });
  await app.register(feedbackRoutes, { prefix: '/feedback' });
};

export default bookingRoutes;
