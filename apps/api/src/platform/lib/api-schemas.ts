import { z } from 'zod';
import { ErrorResponse } from '@vtc/shared/api/api-responses';
import { idField } from '@vtc/shared/validation/form-fields';

/** Route schema pieces shared by the API modules, so every route documents the same shapes. */

/** `{ id }` path parameter: a positive integer ('invalid_value' otherwise). */
export const IdParams = z.object({ id: idField() });

/** Error responses of a public route that reads a body or an id. */
export const publicErrors = { 400: ErrorResponse, 404: ErrorResponse } as const;

/** Error responses of an admin route: 401 without a valid token, 403 for a non-admin. */
export const adminErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
} as const;

export const adminSecurity = [{ bearerAuth: [] }];

export { DeletedItem, ErrorResponse, listResponse, mutationResponse } from '@vtc/shared/api/api-responses';
