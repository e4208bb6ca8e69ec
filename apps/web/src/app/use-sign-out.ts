import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOutEverywhere } from '../lib/api-fetch';

/** Ends the session on the server and in every tab, drops cached private data and goes home (spec §4). */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void signOutEverywhere();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'origins' && query.queryKey[0] !== 'public-config' });
    void navigate('/', { replace: true });
  }, [navigate, queryClient]);
}
