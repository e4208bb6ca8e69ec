import { useQuery } from '@tanstack/react-query';
import type { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import type { CompanyBookingPage, MemberAddedResponse, MyCompanyResponse } from '@vtc/shared/company/company-responses';
import type { CompanyMemberBody } from '@vtc/shared/company/company-schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { useCursorList } from '../../../lib/use-cursor-list';

export const MY_COMPANY_KEY = ['company', 'mine'] as const;
export const COMPANY_BOOKINGS_KEY = ['company', 'bookings'] as const;

export type MyCompany = MyCompanyResponse['data'];

/** GET /api/company/mine: the company, its members, the reader's role (403 for an account in none). */
export function useMyCompany() {
  return useQuery({
    queryKey: MY_COMPANY_KEY,
    queryFn: ({ signal }) => apiFetch<MyCompanyResponse>('/company/mine', { signal }).then((body) => body.data),
    retry: false,
  });
}

/** GET /api/company/bookings, by pages; `booker` narrows it to one member (admins). */
export function useCompanyBookings(booker: number | undefined) {
  return useCursorList<CompanyBookingPage>(COMPANY_BOOKINGS_KEY, '/company/bookings', { booker });
}

export function addMember(body: CompanyMemberBody): Promise<MemberAddedResponse> {
  return apiFetch('/company/member/add', { method: 'POST', body });
}

export function removeMember(userId: number): Promise<MessageResponse> {
  return apiFetch(`/company/member/delete/${userId}`, { method: 'DELETE' });
}

export function cancelInvitation(id: number): Promise<MessageResponse> {
  return apiFetch(`/company/invitation/delete/${id}`, { method: 'DELETE' });
}
