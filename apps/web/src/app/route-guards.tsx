import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isAdmin, isSignedIn, useSession } from '../lib/auth-session';

/** Admin pages need role admin and both stored tokens; anyone else goes home (spec §6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!isAdmin(session)) return <Navigate to="/" replace />;
  return children;
}

/** Pages for any logged-in user: others log in first and come back. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!isSignedIn(session)) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth/sign?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return children;
}
