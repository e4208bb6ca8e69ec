import { useQuery } from '@tanstack/react-query';
import type { MutationResponse } from '@vtc/shared/api/api-responses';
import type { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import type { CompanyDetails, CompanyItem, MemberAddedResponse } from '@vtc/shared/company/company-responses';
import type { CompanyBody, CompanyMemberBody } from '@vtc/shared/company/company-schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { crudResource } from '../../../lib/crud-resource';

export type Company = CompanyItem;

export const companiesResource = crudResource<Company, CompanyBody>('/company', ['admin', 'companies']);

/** PUT /api/company/approve/{id}: opens a requested account; the requester is mailed. */
export function approveCompany(id: number): Promise<MutationResponse<Company>> {
  return apiFetch(`/company/approve/${id}`, { method: 'PUT' });
}

/** PUT /api/company/refuse/{id}: declines it, with the reason the requester reads. */
export function refuseCompany(id: number, reason: string): Promise<MutationResponse<Company>> {
  return apiFetch(`/company/refuse/${id}`, { method: 'PUT', body: { reason } });
}

export const companyDetailsKey = (id: number) => ['admin', 'companies', 'details', id] as const;

/** GET /api/company/get/{id}: the company with its members and open invitations. */
export function useCompanyDetails(id: number | null) {
  return useQuery({
    queryKey: companyDetailsKey(id ?? 0),
    queryFn: ({ signal }) => apiFetch<{ data: CompanyDetails }>(`/company/get/${id}`, { signal }).then((body) => body.data),
    enabled: id !== null,
  });
}

export function addCompanyMember(body: CompanyMemberBody): Promise<MemberAddedResponse> {
  return apiFetch('/company/member/add', { method: 'POST', body });
}

export function removeCompanyMember(userId: number): Promise<MessageResponse> {
  return apiFetch(`/company/member/delete/${userId}`, { method: 'DELETE' });
}

export function cancelCompanyInvitation(id: number, companyId: number): Promise<MessageResponse> {
  return apiFetch(`/company/invitation/delete/${id}`, { method: 'DELETE', query: { companyId } });
}
