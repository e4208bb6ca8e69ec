/**
 * The booking area's public face: the one module of booking/ that another area (operations/)
 * imports, so that the booking's files can move and split without reaching into the areas that
 * use them (decision 0112; lint refuses any other import of a booking file from outside).
 */
export { accountOf, findBooking, lockBooking, recordTransition, stopsColumn, updateBooking, type BookingWithStops } from './bookings-repository.ts';
export { partyOf } from './booking-party.ts';
export { bookingTerms } from './booking-terms.ts';
export { recordBalance, settlementOf } from './settlement/settlement.ts';
export { completeTrip, lastLegStart } from './decisions/decisions-service.ts';
export { issueVoucherVersion } from './documents/booking-vouchers.ts';
export { voucherPdf, type PdfFile } from './documents/documents-service.ts';
export { bookingHoldLegs } from './holds/car-holds.ts';
export { loadListedMinutes, replaceHolds, type ListedMinutes } from './holds/car-holds-repository.ts';
export { hireDayLeg, type HoldLeg } from './holds/hold-legs.ts';
export { readLeg } from './flights/flight-legs.ts';
export { isDriverBusy } from './holds/driver-holds-repository.ts';
export { mailData } from './mails/booking-mails.ts';
export { missionLines, parisDateTime, routeText, serviceText, type HireMailFacts } from './mails/booking-mail-details.ts';
export { isTrackingTokenValid, trackingLink } from './tracking-links.ts';
export { meetingPointOf } from './mails/booking-mails.ts';
export { firstName, queueCustomerText, type TextDeps } from './mails/booking-texts.ts';
export { finishHire } from './hire-end/finish-hire.ts';
export { findBookedHireRate, kmHoursOf, readHireFacts } from './hire-end/hire-facts.ts';
export { invoiceLinesOfBooking } from './documents/documents-service.ts';
