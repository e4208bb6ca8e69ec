import type { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import type { CompanyRequestBody } from '@vtc/shared/company/company-schemas';
import { apiFetch } from '../../../lib/api-fetch';

/** POST /api/company/request: the owner checks the company and answers by e-mail. */
export function requestCompanyAccount(body: CompanyRequestBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/company/request', { method: 'POST', body, authenticated: false });
}
