import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isAdmin, isSignedIn, useSession } from '../lib/auth-session';

/** Admin pages need role admin and a session; anyone else goes home (spec §6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  // After a reload the access token is fetched through the cookie first: wait for it.
  if (session.restoring) return null;
  if (!isAdmin(session)) return <Navigate to="/" replace />;
  return children;
}

/** Pages for any logged-in user: others log in first and come back. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.restoring) return null;
  if (!isSignedIn(session)) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth/sign?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return children;
}
