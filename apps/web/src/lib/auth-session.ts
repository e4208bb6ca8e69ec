import { useSyncExternalStore } from 'react';
import type { PublicUser } from '@vtc/shared/auth/auth-schemas';

/**
 * Local storage keeps who is signed in (spec §3 "User (client state)"), never a token: the
 * access token lives in this module's memory and the refresh token in an HttpOnly cookie the
 * page cannot read (decision 0056). A reload restores the access token through that cookie.
 */
export const USER_STORAGE_KEY = 'user';
/** Written by earlier versions, which kept the tokens in local storage: removed on sight. */
const LEGACY_AUTH_STORAGE_KEY = 'auth';
const CHANNEL_NAME = 'vtc-session';

export interface AuthTokens {
  token: string;
}

/** The signed-in user as the API returns it, less its id. */
export type StoredUser = Pick<PublicUser, 'role' | 'email' | 'full_name' | 'phone'>;

export interface Session {
  auth: AuthTokens | null;
  user: StoredUser | null;
  /** A user is stored but the access token is still being fetched through the cookie. */
  restoring: boolean;
}

/** What one tab tells the others: tokens never touch storage, so they travel this way. */
type SessionMessage =
  | { type: 'signed-in'; token: string; user: StoredUser }
  | { type: 'token'; token: string }
  | { type: 'signed-out' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readStoredUser(): StoredUser | null {
  let user: unknown;
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    user = raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
  return isRecord(user) && (user.role === 'admin' || user.role === 'user') && typeof user.email === 'string'
    ? {
        role: user.role,
        email: user.email,
        full_name: typeof user.full_name === 'string' ? user.full_name : '',
        phone: typeof user.phone === 'string' ? user.phone : '',
      }
    : null;
}

function writeStoredUser(user: StoredUser | null): void {
  try {
    if (user === null) window.localStorage.removeItem(USER_STORAGE_KEY);
    else window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage may be full or disabled; the session still works in this tab.
  }
}

/**
 * The signed-out session: the build-time prerender's, so the hydration's, and a visitor's with no
 * stored user. One object, so that `useSession` reads the same value in the browser as in the
 * prerender and React does not render every reader again, at once, when the hydration ends
 * (docs/decisions/0168).
 */
const SIGNED_OUT: Session = { auth: null, user: null, restoring: false };

function initialSession(): Session {
  if (typeof window === 'undefined') return SIGNED_OUT;
  try {
    window.localStorage.removeItem(LEGACY_AUTH_STORAGE_KEY);
  } catch {
    // Nothing to clean when storage is unavailable.
  }
  const user = readStoredUser();
  return user === null ? SIGNED_OUT : { auth: null, user, restoring: true };
}

let current: Session = initialSession();
const listeners = new Set<() => void>();
const expiryListeners = new Set<() => void>();
// Only in a browser: an open channel would keep the build-time prerender from exiting.
const channel = typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

function set(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

function tell(message: SessionMessage): void {
  channel?.postMessage(message);
}

export function toStoredUser(user: PublicUser): StoredUser {
  return { role: user.role, email: user.email, full_name: user.full_name, phone: user.phone };
}

export function getSession(): Session {
  return current;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startSession(tokens: AuthTokens, user: PublicUser): void {
  const stored = toStoredUser(user);
  writeStoredUser(stored);
  set({ auth: { token: tokens.token }, user: stored, restoring: false });
  tell({ type: 'signed-in', token: tokens.token, user: stored });
}

/** A new access token (after a refresh), shared with the other tabs. */
export function storeToken(token: string): void {
  set({ ...current, auth: { token }, restoring: false });
  tell({ type: 'token', token });
}

export function storeUser(user: PublicUser): void {
  const stored = toStoredUser(user);
  writeStoredUser(stored);
  set({ ...current, user: stored });
}

/** Forgets the session here and in every other tab (spec §4 "Session"). */
export function signOut(): void {
  writeStoredUser(null);
  set(SIGNED_OUT);
  tell({ type: 'signed-out' });
}

/** The refresh token was refused: sign out and let the app send the visitor home. */
export function expireSession(): void {
  signOut();
  for (const listener of expiryListeners) listener();
}

/** A reload found no usable cookie: the stored user is dropped, without sending anyone home. */
export function endRestore(): void {
  writeStoredUser(null);
  set(SIGNED_OUT);
}

export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

export function isSignedIn(session: Session): boolean {
  return Boolean(session.auth?.token && session.user);
}

export function isAdmin(session: Session): boolean {
  return isSignedIn(session) && session.user?.role === 'admin';
}

export function useSession(): Session {
  // The build-time prerender renders signed out, so the hydration of its markup does too; React
  // then renders the stored session at once (docs/decisions/0069).
  return useSyncExternalStore(subscribeSession, getSession, () => SIGNED_OUT);
}

if (channel) {
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as SessionMessage;
    if (message.type === 'signed-in') set({ auth: { token: message.token }, user: message.user, restoring: false });
    else if (message.type === 'token' && current.user) set({ ...current, auth: { token: message.token }, restoring: false });
    else if (message.type === 'signed-out') set(SIGNED_OUT);
  };
}
