import { defineConfig } from 'i18next-cli';

/**
 * The translation check (`npm run lint:translations`, docs/decisions/0064): the web's locale files
 * and the API's mail and document catalogues, against the code that uses them. French is the reference language.
 */
export default defineConfig({
  locales: ['fr', 'en', 'ar'],
  extract: {
    // packages/shared is read for the types that resolve keys such as t(`status.${status}`).
    input: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/platform/mail/**/*.ts', 'apps/api/src/**/mails/*.ts', 'apps/api/src/**/*-mail.ts', 'apps/api/src/booking/documents/*.ts', 'packages/shared/src/**/*.ts'],
    ignore: ['**/*.test.{ts,tsx}'],
    output: (language: string, namespace?: string) =>
      namespace === 'mail' || namespace === 'document'
        ? `apps/api/src/platform/mail/locales/${language}/${namespace}.json`
        : `apps/web/public/locales/${language}/${namespace}.json`,
    defaultNS: 'common',
    primaryLanguage: 'fr',
    // Keys built at run time from data the code cannot name, and the texts the API reads from
    // the built web app (apps/api/src/site/seo/seo.ts).
    preservePatterns: [
      'common:meta.*',
      'admin:delete.*',
      'admin:pages.*.title',
      'admin:pages.*.text',
      'admin:pages.*.formAdd',
      'admin:pages.*.formEdit',
      'admin:pages.bookings.actors.*',
      'admin:pages.bookings.fields.*',
      'admin:pages.bookings.methods.*',
      'admin:pages.bookings.missionStatus.*',
      'admin:pages.bookings.paymentStatus.*',
      'admin:pages.users.roles.*',
      // A followed flight's state and alert, and the planning's flag (decision 0144).
      'admin:pages.bookings.flight.status.*',
      'admin:pages.bookings.flight.alerts.*',
      'admin:pages.planning.flight.*',
      'admin:refunds.lines.status.*',
      'admin:refunds.providers.*',
      'auth:bookings.status.*',
      'auth:refunds.providers.*',
      'auth:refunds.status.*',
      // A history line's reason code and chauffeur step (decision 0122; history-words.test.ts checks every code has words).
      'admin:history.reasons.*',
      'auth:bookings.historyEntries.*',
      'auth:bookingChange.answer.*',
      'common:bookingChange.fields.*',
      'common:bookingChange.counts.*',
      'admin:bookingChanges.kinds.*',
      'booking:form.counters.*',
      'booking:pickup.*',
      'marketing:fixedPrice.sections.*',
      'marketing:privateHire.sections.*',
      'mission:status.*',
      'feedback:rating.words.*',
    ],
  },
  lint: {
    // The joins left are separators between independent labels ("·", "—"), not split sentences.
    checkConcatenation: 'off',
  },
});
