import type { ReactNode } from 'react';

/**
 * Decorative icons of the public pages (aria-hidden: the text beside them carries the meaning).
 * Icons that point along the reading direction carry `icon-directional`, which mirrors them in
 * right-to-left pages. This file holds the icons of the first screen and the footer; the
 * others are in marketing-icons.tsx, loaded with the pages that show them.
 */
export function Icon({ children, size = 20, directional = false }: { children: ReactNode; size?: number; directional?: boolean }) {
  return (
    <svg
      className={directional ? 'icon icon-directional' : 'icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function CheckIcon({ size = 18 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M5 12.5l4.2 4.2L19 7" />
    </Icon>
  );
}

export function MailIcon() {
  return (
    <Icon size={18}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </Icon>
  );
}

export function ChatIcon() {
  return (
    <Icon size={18}>
      <path d="M4 20l1.5-4A8 8 0 1 1 9 19.5z" />
    </Icon>
  );
}

export function CardIcon() {
  return (
    <Icon size={18}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </Icon>
  );
}
