import type { CompanyCancelBody, CompanyCancelResponse } from '@vtc/shared/booking/company-cancel-schemas';
import { apiFetch } from '../../../lib/api-fetch';

/** `PUT /booking/cancel/{id}`: the company cancels, with the refund it chose (decision 0121). */
export function companyCancel(id: number, body: CompanyCancelBody): Promise<CompanyCancelResponse> {
  return apiFetch(`/booking/cancel/${id}`, { method: 'PUT', body });
}
