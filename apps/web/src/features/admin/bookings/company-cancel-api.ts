import type { CompanyCancelBody, CompanyCancelResponse, CompanyRefundBody, CompanyRefundResponse } from '@vtc/shared/booking/company-cancel-schemas';
import { apiFetch } from '../../../lib/api-fetch';

/** `PUT /booking/cancel/{id}`: the company cancels, with the refund it chose (decision 0121). */
export function companyCancel(id: number, body: CompanyCancelBody): Promise<CompanyCancelResponse> {
  return apiFetch(`/booking/cancel/${id}`, { method: 'PUT', body });
}

/** `POST /booking/refund/{id}`: the company gives back part of what was paid, later (decisions 0152, 0157). */
export function companyRefund(id: number, body: CompanyRefundBody): Promise<CompanyRefundResponse> {
  return apiFetch(`/booking/refund/${id}`, { method: 'POST', body });
}
