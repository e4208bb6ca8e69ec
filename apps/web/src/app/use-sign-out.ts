import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../lib/auth-session';

/** Clears the stored user and auth, drops cached private data and goes home (spec §4). */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    signOut();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'origins' && query.queryKey[0] !== 'public-config' });
    void navigate('/', { replace: true });
  }, [navigate, queryClient]);
}
