import type {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
} from '@vtc/shared/auth/auth-schemas';
import { apiFetch } from '../../../lib/api-fetch';

export function login(body: LoginBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/auth/login', { method: 'POST', body, authenticated: false });
}

export function register(body: RegisterBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/auth/register', { method: 'POST', body, authenticated: false });
}

export function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/auth/forgotPassword', { method: 'POST', body, authenticated: false });
}

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/auth/resetPassword', { method: 'POST', body, authenticated: false });
}
