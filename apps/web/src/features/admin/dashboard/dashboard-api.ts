import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@vtc/shared/dashboard/dashboard-responses';
import { apiFetch } from '../../../lib/api-fetch';

/** Under the admin bookings key: a decision taken elsewhere refreshes the figures too. */
export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'bookings', 'dashboard'],
    queryFn: ({ signal }) => apiFetch<DashboardResponse>('/dashboard', { signal }).then((body) => body.data),
  });
}
