import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { onSessionExpired } from '../../lib/auth-session';
import { leavePage } from '../../lib/toast-rules';

/** Behaviour shared by every page: scroll to top on route change, close the last page's toasts, leave when the session dies. */
export function RootLayout() {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A page that only rewrites its own address (the booking form's service, `keepScroll`) stays where the reader is.
  const keepScroll = (state as { keepScroll?: unknown } | null)?.keepScroll === true;

  useEffect(() => {
    if (!keepScroll) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search, keepScroll]);

  // A toast does not follow the user to another page (decision 0101).
  useEffect(() => leavePage(pathname), [pathname]);

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
