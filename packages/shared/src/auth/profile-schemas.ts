import type { z } from 'zod';
import { BillingBody } from '../company/company-schemas.ts';
import { ProfileBody } from './auth-schemas.ts';

/**
 * PUT /profile/update: the spec's name, e-mail and phone, and beyond it `billing`, the company a
 * card-paying business customer's invoices are made out to (decision 0134): missing leaves it as
 * it is, null removes it. Apart from auth-schemas.ts so that the sign-in forms do not carry the
 * SIREN and VAT rules.
 */
export const ProfileUpdateBody = ProfileBody.extend({ billing: BillingBody.nullable().optional() });
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateBody>;
