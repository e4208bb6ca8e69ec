import { useQuery } from '@tanstack/react-query';
import type { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import type { CardPaymentResponse } from '@vtc/shared/booking/booking-responses';
import type { CompanyBookingPage, CompanyStatementList, MemberAddedResponse, MyCompanyResponse } from '@vtc/shared/company/company-responses';
import type { CompanyMemberBody } from '@vtc/shared/company/company-schemas';
import { apiDownload, apiFetch } from '../../../lib/api-fetch';
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

export const COMPANY_INVOICES_KEY = ['company', 'invoices'] as const;

export type CompanyBookingFilters = { booker?: number | undefined; passenger?: string | undefined; costCentre?: string | undefined };

/** GET /api/company/bookings, by pages; `booker` narrows it to one member (admins), `passenger` and `costCentre` to a guest and a cost centre. */
export function useCompanyBookings(filters: CompanyBookingFilters) {
  return useCursorList<CompanyBookingPage>(COMPANY_BOOKINGS_KEY, '/company/bookings', filters);
}

/** GET /api/company/invoices: the company's monthly invoices (decision 0142). */
export function useCompanyInvoices(awaitingPaid?: number) {
  return useQuery({
    queryKey: COMPANY_INVOICES_KEY,
    queryFn: ({ signal }) => apiFetch<CompanyStatementList>('/company/invoices', { signal }).then((body) => body.data),
    // Back from the provider's page: the webhook may land a moment later, so the list is read again until the invoice says paid.
    refetchInterval: (query) =>
      awaitingPaid !== undefined && query.state.data?.some((row) => row.id === awaitingPaid && row.paidAt === null) && query.state.dataUpdateCount < 30 ? 2000 : false,
  });
}

/** Opens the provider's page for a monthly invoice (decision 0150): the browser goes there. */
export async function payCompanyInvoice(id: number, provider: 'stripe' | 'paypal'): Promise<void> {
  const { url } = await apiFetch<CardPaymentResponse>(`/company/invoices/pay/${id}`, { method: 'POST', body: { provider } });
  window.location.assign(url);
}

/** Back from PayPal with an approved order: captured once; paid false while PayPal holds it. */
export function captureCompanyInvoice(id: number, order: string): Promise<{ paid: boolean }> {
  return apiFetch(`/company/invoices/paypal/capture/${id}`, { method: 'POST', body: { order } });
}

export function downloadCompanyInvoice(id: number, number: string): Promise<void> {
  return apiDownload(`/company/invoices/pdf/${id}`, { fallbackName: `${number}.pdf` });
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
