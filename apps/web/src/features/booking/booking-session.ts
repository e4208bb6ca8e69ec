/** Session storage key of the booking in progress (spec §2: steps two and three need it). */
export const BOOKING_ID_STORAGE_KEY = 'bookingId';
/** The home form as filled by a visitor sent to log in first, restored when they come back. */
export const BOOKING_DRAFT_STORAGE_KEY = 'bookingDraft';

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the funnel still works within the page.
  }
}

export function getStoredBookingId(): string | null {
  return read(BOOKING_ID_STORAGE_KEY);
}

export function storeBookingId(id: number): void {
  write(BOOKING_ID_STORAGE_KEY, String(id));
}

/** The booking was sent (step three): nothing of it stays in the tab (spec §4.5). */
export function clearBookingSession(): void {
  write(BOOKING_ID_STORAGE_KEY, null);
  write(BOOKING_DRAFT_STORAGE_KEY, null);
}

export function storeBookingDraft(draft: unknown): void {
  write(BOOKING_DRAFT_STORAGE_KEY, JSON.stringify(draft));
}

/** The saved draft, parsed; the caller checks its shape. */
export function readBookingDraft(): unknown {
  const raw = read(BOOKING_DRAFT_STORAGE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function clearBookingDraft(): void {
  write(BOOKING_DRAFT_STORAGE_KEY, null);
}
