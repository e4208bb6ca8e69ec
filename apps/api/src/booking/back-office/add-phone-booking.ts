import type { PhoneBookingBody } from '@vtc/shared/booking/phone-booking-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import { DEPOSIT_PERCENT } from '@vtc/shared/pricing/price-trip';
import { percentOfCents } from '@vtc/shared/pricing/round-cents';
import { fieldError, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { createCustomerAccount, unknownPasswordHash } from '../../accounts/users/create-customer.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import { readCatalogue } from '../../catalogue/catalogue-snapshot.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { insertBooking, recordTransition, type BookingWithStops } from '../bookings-repository.ts';
import { assertWithinCreditLimit } from '../company/on-account.ts';
import { startAcceptedBooking } from '../decisions/decisions-service.ts';
import { billingOfBooking } from '../company/booking-billing.ts';
import { assertBookable, priceCar, pricingContext } from '../pricing/trip-pricing.ts';
import { placeTrip, tripColumns } from '../trip-route.ts';
import { hireColumns } from '../hire/hire-columns.ts';

/**
 * A booking the company takes by phone (issue 21, decision 0119), in one transaction: the
 * customer (an account, or a new one without a password nobody knows), the trip priced by the
 * server for the car (or the manual total, its reason and the server's price kept in the
 * history), accepted at once with its hold, voucher and deposit link; a company member's on the
 * company's account with its discount (decision 0155). Any refusal (unknown account 404, e-mail
 * taken 409, car busy 409, no price 409, credit limit 409…) rolls everything back: no booking,
 * no account.
 */
export async function addPhoneBooking(deps: BookingsDeps, auth: AccessClaims, body: PhoneBookingBody, requestLanguage: Language): Promise<BookingWithStops> {
  const trip = await placeTrip(deps, body);
  const passwordHash = body.userId === undefined ? await unknownPasswordHash() : undefined;
  return deps.db.transaction(async (tx) => {
    const existing = body.userId === undefined ? undefined : await findUserById(tx, body.userId);
    if (body.userId !== undefined && (!existing || existing.deletedAt)) throw notFound('customer_not_found');
    const language = body.language ?? existing?.language ?? requestLanguage;
    const customer =
      existing ??
      (await createCustomerAccount(tx, { fullName: body.fullName!, phone: body.phone!, email: body.email, language }, passwordHash!));
    // A company member's trip is the company's, as on the site (decision 0155): its billing and
    // purchase order, its discount, on its account within its credit limit. A new account belongs to none.
    const { company, companyId, billing } = existing
      ? await billingOfBooking(tx, existing.id, undefined, body.reference)
      : { company: null, companyId: null, billing: null };
    // A purchase order is a company's: anyone else's phone booking has none to keep (as at step three).
    if (!company && body.reference !== undefined) throw fieldError('reference', 'guest_for_members_only');
    const catalogue = await readCatalogue(tx);
    const columns = tripColumns(body, trip, hireColumns(catalogue, body, trip.origin));
    const context = pricingContext(catalogue, columns, body.carId, company?.discountBasisPoints ?? 0);
    const car = context.cars[0];
    if (!car) throw fieldError('carId', 'car_not_exist');
    const price = priceCar(columns, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT, body.returnRent);
    assertBookable(price);
    const totalCents = body.priceCents ?? price.totalCents;
    // No booking yet: id 0 leaves none out of what the company owes.
    if (company) await assertWithinCreditLimit(tx, company, 0, totalCents);
    const booking = await insertBooking(
      tx,
      {
        ...columns,
        userId: customer.id,
        status: 'accepted',
        language,
        carId: car.id,
        oneWayCents: price.oneWayCents,
        holidaySurchargeCents: price.holidaySurchargeCents,
        totalCents,
        depositCents: company ? 0 : percentOfCents(totalCents, DEPOSIT_PERCENT),
        companyId,
        billing,
        fullName: body.fullName ?? customer.fullName,
        phone: body.phone ?? customer.phone,
        email: body.email ?? null,
        paymentMethod: body.method,
        message: body.message ?? null,
        flightNumber: body.flightNumber ?? null,
        trainNumber: body.trainNumber ?? null,
        arriveFrom: body.arriveFrom ?? null,
        returnRent: body.returnRent,
        returnAt: body.returnAt,
        returnFlightNumber: body.returnFlightNumber ?? null,
        returnTrainNumber: body.returnTrainNumber ?? null,
      },
      trip.stops,
    );
    await recordTransition(tx, {
      bookingId: booking.id,
      from: null,
      to: 'accepted',
      actor: { userId: auth.userId, kind: 'admin' },
      note: body.priceCents === undefined ? null : body.priceReason,
      price: body.priceCents === undefined ? undefined : { manualCents: body.priceCents, listCents: price.totalCents },
    });
    const accepted = { ...booking, stops: trip.stops };
    await startAcceptedBooking(tx, deps, accepted);
    return accepted;
  });
}
