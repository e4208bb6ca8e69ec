import { z } from 'zod';
import { BillingDetails } from '../company/company-responses.ts';
import { COMPANY_ROLES } from '../company/company-roles.ts';
import { message } from '../i18n/error-messages.ts';
import { Phone } from '../phone/phone-number.ts';
import { requiredString } from '../validation/form-fields.ts';

export const PASSWORD_MIN_LENGTH = 10;

/** The version of the terms of sale and privacy policy a new account accepts; raised when their text changes. */
export const TERMS_VERSION = '2026-11-23';
export const PHONE_MAX_DIGITS = 15;

export const Email = requiredString().max(254, message('too_long', { max: 254 })).pipe(z.email('invalid_email'));

export const NewPassword = z
  .string({ error: 'required' })
  .min(1, 'required')
  .min(PASSWORD_MIN_LENGTH, message('password_min', { min: PASSWORD_MIN_LENGTH }))
  .max(200, message('too_long', { max: 200 }));

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

export const LoginBody = z.object({
  email: Email,
  password: z.string({ error: 'required' }).min(1, 'required'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z
  .object({
    fullName: requiredString().max(120, message('too_long', { max: 120 })),
    email: Email,
    phone: Phone,
    password: NewPassword,
    confirmPassword: z.string({ error: 'required' }).min(1, 'required'),
    /** The terms of sale and privacy policy in force (`TERMS_VERSION`) were read and accepted. */
    acceptTerms: z.literal(true, { error: 'terms_required' }),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'password_not_match',
    path: ['confirmPassword'],
    // Said together with an unticked terms box, not only once it is ticked.
    when: (payload) => payload.issues.every((issue) => ['acceptTerms'].includes(String(issue.path?.[0]))),
  });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const PublicUser = z.object({
  id: z.number().int().optional(),
  email: z.string(),
  full_name: z.string(),
  phone: z.string(),
  role: Role,
  /** Beyond the spec: whether the owner has verified `email`; mail with their booking details waits until then. */
  email_verified: z.boolean().optional(),
  /** Whether the owner agreed to get texts about their bookings at `phone` (decision 0130). */
  sms_consent: z.boolean().optional(),
  /** Beyond the spec: the company a card-paying business customer has their invoices made out to (decision 0134). */
  billing: BillingDetails.nullable().optional(),
  /** Beyond the spec, on GET /profile/getAll: the company account the user books for, and their role in it. */
  company: z.object({ id: z.number().int(), legalName: z.string(), role: z.enum(COMPANY_ROLES) }).nullable().optional(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const LoginResponse = z.object({
  message: z.string(),
  token: z.string(),
  refreshToken: z.string(),
  user: PublicUser,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The refresh token comes in this field or, from the web app, in its HttpOnly cookie. */
export const RefreshTokenBody = z.object({ refresh_token: z.string().min(1, 'required').max(200, message('too_long', { max: 200 })).optional() });
/** `refreshToken` is left out when the token came in the cookie: the page's script never sees it. */
export const RefreshTokenResponse = z.object({ token: z.string(), refreshToken: z.string().optional() });

export const ProfileBody = z.object({
  fullName: requiredString().max(120, message('too_long', { max: 120 })),
  email: Email,
  phone: Phone,
  /** Texts about the bookings at `phone` (decision 0130); absent leaves the choice as it was. */
  smsConsent: z.boolean({ error: 'invalid_value' }).optional(),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

/** The spec leaves the new/confirm match to the server; the form may check it too. */
export const UpdatePasswordBody = z
  .object({
    password: z.string({ error: 'required' }).min(1, 'required'),
    newPassword: NewPassword,
    confirmPassword: z.string({ error: 'required' }).min(1, 'required'),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: 'password_not_match',
    path: ['confirmPassword'],
  });
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;

/** Deleting one's own account asks for the password again (decision 0090). */
export const DeleteAccountBody = z.object({ password: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalid_value') });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const VerifyEmailBody = z.object({ token: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalid_value') });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const VerifyEmailResponse = z.object({ message: z.string(), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

export const ResendVerificationResponse = z.object({ message: z.string(), verified: z.boolean() });
export type ResendVerificationResponse = z.infer<typeof ResendVerificationResponse>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z
  .object({
    token: z.string({ error: 'required' }).min(1, 'required'),
    password: NewPassword,
    confirmPassword: z.string({ error: 'required' }).min(1, 'required'),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'password_not_match',
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** Asks for a one-time sign-in link by e-mail (decision 0106); answered alike for any address. */
export const SignInLinkRequestBody = z.object({ email: Email });
export type SignInLinkRequestBody = z.infer<typeof SignInLinkRequestBody>;

/** The token of a mailed sign-in link, traded once for a session. */
export const SignInLinkBody = z.object({ token: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalid_value') });
export type SignInLinkBody = z.infer<typeof SignInLinkBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
