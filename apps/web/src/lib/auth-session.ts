import { useSyncExternalStore } from 'react';
import type { PublicUser, Role } from '@vtc/shared/auth/auth-schemas';

/** Local storage keys of the spec (§3 "User (client state)"). */
export const AUTH_STORAGE_KEY = 'auth';
export const USER_STORAGE_KEY = 'user';

export interface AuthTokens {
  token: string;
  refreshToken: string;
}

export interface StoredUser {
  role: Role;
  email: string;
  full_name: string;
  phone: string;
}

export interface Session {
  auth: AuthTokens | null;
  user: StoredUser | null;
}

function readJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readSession(): Session {
  const auth = readJson(AUTH_STORAGE_KEY);
  const user = readJson(USER_STORAGE_KEY);
  return {
    auth:
      isRecord(auth) && typeof auth.token === 'string' && typeof auth.refreshToken === 'string'
        ? { token: auth.token, refreshToken: auth.refreshToken }
        : null,
    user:
      isRecord(user) && (user.role === 'admin' || user.role === 'user') && typeof user.email === 'string'
        ? {
            role: user.role,
            email: user.email,
            full_name: typeof user.full_name === 'string' ? user.full_name : '',
            phone: typeof user.phone === 'string' ? user.phone : '',
          }
        : null,
  };
}

let current: Session = readSession();
const listeners = new Set<() => void>();
const expiryListeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function write(key: string, value: unknown): void {
  if (value === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, JSON.stringify(value));
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
  write(AUTH_STORAGE_KEY, tokens);
  write(USER_STORAGE_KEY, stored);
  current = { auth: tokens, user: stored };
  emit();
}

export function storeTokens(tokens: AuthTokens): void {
  write(AUTH_STORAGE_KEY, tokens);
  current = { ...current, auth: tokens };
  emit();
}

export function storeUser(user: PublicUser): void {
  const stored = toStoredUser(user);
  write(USER_STORAGE_KEY, stored);
  current = { ...current, user: stored };
  emit();
}

/** Sign-out clears the stored user and auth (spec §4 "Session"). */
export function signOut(): void {
  write(AUTH_STORAGE_KEY, null);
  write(USER_STORAGE_KEY, null);
  current = { auth: null, user: null };
  emit();
}

/** The refresh token was refused: sign out and let the app send the visitor home. */
export function expireSession(): void {
  signOut();
  for (const listener of expiryListeners) listener();
}

export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/**
 * Re-reads the session from local storage, where another tab may have rotated the tokens or
 * signed out since this tab last looked (its `storage` event can arrive after our own request).
 */
export function reloadSession(): Session {
  current = readSession();
  emit();
  return current;
}

/** Access is valid while both tokens are stored (spec §4). */
export function isSignedIn(session: Session): boolean {
  return Boolean(session.auth?.token && session.auth.refreshToken && session.user);
}

export function isAdmin(session: Session): boolean {
  return isSignedIn(session) && session.user?.role === 'admin';
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === AUTH_STORAGE_KEY || event.key === USER_STORAGE_KEY) reloadSession();
  });
}
