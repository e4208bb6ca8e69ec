import type {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  SignInLinkBody,
  SignInLinkRequestBody,
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

export function resetPassword(body: ResetPasswordBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/auth/resetPassword', { method: 'POST', body, authenticated: false });
}

export function requestSignInLink(body: SignInLinkRequestBody): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/auth/signInLink', { method: 'POST', body, authenticated: false });
}

/** Trades the mailed link for a session, like a sign-in (it works while the account is locked). */
export function signInWithLink(body: SignInLinkBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/auth/signInWithLink', { method: 'POST', body, authenticated: false });
}
