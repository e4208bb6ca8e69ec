import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MissionResponse, MissionStatusResponse } from '@vtc/shared/missions/mission-responses';
import type { MissionStatus } from '@vtc/shared/missions/mission-schemas';
import type { BalanceBody } from '@vtc/shared/booking/booking-balance';
import { apiFetch } from '../../../lib/api-fetch';

const missionKey = (id: string, token: string) => ['mission', id, token] as const;

/** The mission behind the chauffeur's link; no session is sent (the token is the key). */
export function useMission(id: string, token: string) {
  return useQuery({
    queryKey: missionKey(id, token),
    // Not cancelled when the page remounts while it loads: the answer is kept for the next mount.
    queryFn: () => apiFetch<MissionResponse>(`/mission/${encodeURIComponent(id)}`, { query: { token }, authenticated: false }).then((body) => body.data),
    retry: false,
  });
}

export function useMissionStep(id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: MissionStatus) =>
      apiFetch<MissionStatusResponse>(`/mission/status/${encodeURIComponent(id)}`, { method: 'PUT', body: { token, status }, authenticated: false }),
    onSuccess: (body) => queryClient.setQueryData(missionKey(id, token), body.data),
    // A refused step may mean the trip went off meanwhile (decision 0109): the page loads what the link is now.
    onError: () => queryClient.invalidateQueries({ queryKey: missionKey(id, token) }),
  });
}

/** The chauffeur records the balance collected at the end of the trip (decision 0117). */
export function useMissionBalance(id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BalanceBody) =>
      apiFetch<MissionStatusResponse>(`/mission/balance/${encodeURIComponent(id)}`, { method: 'PUT', body: { token, ...body }, authenticated: false }),
    onSuccess: (body) => queryClient.setQueryData(missionKey(id, token), body.data),
  });
}

/** The chauffeur ends a hire with its end time and km (decision 0137): overtime and extra km are billed. */
export function useMissionEnd(id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { endedAt: string; km: number }) =>
      apiFetch<MissionStatusResponse>(`/mission/end/${encodeURIComponent(id)}`, { method: 'PUT', body: { token, ...body }, authenticated: false }),
    onSuccess: (body) => queryClient.setQueryData(missionKey(id, token), body.data),
  });
}
