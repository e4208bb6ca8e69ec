/** Session storage key of the booking in progress (spec §2: steps two and three need it). */
export const BOOKING_ID_STORAGE_KEY = 'bookingId';

export function getStoredBookingId(): string | null {
  try {
    return window.sessionStorage.getItem(BOOKING_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}
