/** A company member's role (decision 0134): an admin manages members and sees every booking; a booker books. */
export const COMPANY_ROLES = ['admin', 'booker'] as const;
export type CompanyRoleName = (typeof COMPANY_ROLES)[number];
