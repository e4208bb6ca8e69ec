/** Accepts only same-site paths for `?redirect=`, so a crafted link cannot send users elsewhere. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
