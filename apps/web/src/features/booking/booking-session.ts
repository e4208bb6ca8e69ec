/** Session storage key of the booking in progress (spec §2: steps two and three need it). */
export const BOOKING_ID_STORAGE_KEY = 'bookingId';
/** The home form as filled, brought back by "edit the trip" on the next steps. */
export const BOOKING_DRAFT_STORAGE_KEY = 'bookingDraft';
/**
 * A visitor's quote: `{ bookingId, token }`, the random token that alone opens the booking until
 * an account claims it (decision 0092). Kept beside the booking id, in this tab's session
 * storage: a reload finds it, another browser or a closed tab does not.
 */
export const QUOTE_TOKEN_STORAGE_KEY = 'quoteToken';


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
  write(QUOTE_TOKEN_STORAGE_KEY, null);
}

/** Step one answered a visitor's quote: its token, or none for a signed-in customer's draft. */
export function storeQuoteToken(bookingId: number, token: string | undefined): void {
  write(QUOTE_TOKEN_STORAGE_KEY, token ? JSON.stringify({ bookingId: String(bookingId), token }) : null);
}

/** The quote token of this booking, if this tab made it as a visitor and no account has claimed it. */
export function getQuoteToken(bookingId: string): string | null {
  const raw = read(QUOTE_TOKEN_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { bookingId?: unknown; token?: unknown };
    return value.bookingId === bookingId && typeof value.token === 'string' ? value.token : null;
  } catch {
    return null;
  }
}

/** Claimed by an account: the token no longer opens anything. */
export function clearQuoteToken(): void {
  write(QUOTE_TOKEN_STORAGE_KEY, null);
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
