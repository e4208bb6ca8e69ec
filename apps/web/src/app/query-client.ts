import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-fetch';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Cached query data is kept fresh for 60 s (spec §9).
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
