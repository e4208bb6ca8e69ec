import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { onSessionExpired } from '../../lib/auth-session';

/** Behaviour shared by every page: scroll to top on route change, leave when the session dies. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        void navigate('/', { replace: true });
      }),
    [navigate, queryClient],
  );

  return <Outlet />;
}
