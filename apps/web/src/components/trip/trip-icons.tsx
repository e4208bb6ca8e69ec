import type { ReactNode } from 'react';

/** Decorative icons of the booking funnel (aria-hidden: the text beside them carries the meaning). */
function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const PersonIcon = () => (
  <Icon>
    <circle cx="12" cy="7.5" r="3.5" />
    <path d="M5 20c.8-3.8 3.6-6 7-6s6.2 2.2 7 6" />
  </Icon>
);

export const ChildIcon = () => (
  <Icon>
    <circle cx="12" cy="9" r="2.8" />
    <path d="M7.5 20c.5-3 2.3-5 4.5-5s4 2 4.5 5M9 4.5c1.7-1 4.3-1 6 0" />
  </Icon>
);

export const SeatIcon = () => (
  <Icon>
    <path d="M8 3h4a2 2 0 0 1 2 2v7h3a2 2 0 0 1 2 2v3H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM9 17v4M17 17v4" />
  </Icon>
);

export const BagIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="5" y="7" width="14" height="13" rx="2" />
    <path d="M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7M9 11v5M15 11v5" />
  </Icon>
);

export const CalendarIcon = () => (
  <Icon>
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Icon>
);

export const ClockIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
);

export const RoadIcon = () => (
  <Icon>
    <path d="M8 3L4 21M16 3l4 18M12 4v3M12 10.5v3M12 17v3" />
  </Icon>
);

export const StopsIcon = () => (
  <Icon>
    <circle cx="6" cy="6" r="2.2" />
    <circle cx="18" cy="18" r="2.2" />
    <path d="M8.2 6H15a3 3 0 0 1 0 6H9a3 3 0 0 0 0 6h6.8" />
  </Icon>
);

export const PlusIcon = () => (
  <Icon size={18}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const TrashIcon = () => (
  <Icon size={18}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </Icon>
);

export const CashIcon = () => (
  <Icon size={28}>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.8" />
    <path d="M6 9.5v5M18 9.5v5" />
  </Icon>
);

export const CardIcon = () => (
  <Icon size={28}>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 10h19M6 15h4" />
  </Icon>
);

/** PayPal's tile: a wallet (the brand's logo is not ours to redraw). */
export const WalletIcon = () => (
  <Icon size={28}>
    <path d="M4 7.5h14.5a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5.5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2H16v3.5" />
    <path d="M20.5 11.5h-4a2 2 0 0 0 0 4h4" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon size={18}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);

export const ReturnIcon = () => (
  <Icon>
    <path d="M4 9h13l-3.5-3.5M20 15H7l3.5 3.5" />
  </Icon>
);

/** A neutral van drawing shown when a car has no photo yet. */
export function CarPlaceholder() {
  return (
    <svg className="car-placeholder" viewBox="0 0 160 90" aria-hidden="true" focusable="false">
      <path
        d="M14 62V40c0-6 4-11 10-12l26-6c6-1 12-2 18-2h44c8 0 14 3 18 9l14 17c2 2 3 5 3 8v8c0 3-2 5-5 5h-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M14 62v5h14M58 67h46" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      <path d="M60 26v18h70M95 26v18" fill="none" stroke="currentColor" strokeWidth="2.4" />
      <circle cx="43" cy="66" r="11" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="119" cy="66" r="11" fill="none" stroke="currentColor" strokeWidth="3" />
    </svg>
  );
}
