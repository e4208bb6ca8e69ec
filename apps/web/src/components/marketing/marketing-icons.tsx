import { Icon } from '../ui/site-icons';

/** Icons of the sections below the first screen (see site-icons.tsx). */

export function ChevronNextIcon({ size }: { size?: number }) {
  return (
    <Icon size={size} directional>
      <path d="M9 5l7 7-7 7" />
    </Icon>
  );
}

export function ChevronPreviousIcon({ size }: { size?: number }) {
  return (
    <Icon size={size} directional>
      <path d="M15 5l-7 7 7 7" />
    </Icon>
  );
}

export function ArrowNextIcon({ size = 18 }: { size?: number }) {
  return (
    <Icon size={size} directional>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}

export function PauseIcon() {
  return (
    <Icon size={18}>
      <path d="M9 5v14M15 5v14" />
    </Icon>
  );
}

/** Media controls are not mirrored in right-to-left pages (they follow the tape, not the text). */
export function PlayIcon() {
  return (
    <Icon size={18}>
      <path d="M8 5l11 7-11 7z" fill="currentColor" />
    </Icon>
  );
}

export function SeatIcon() {
  return (
    <Icon>
      <path d="M7 4v9a2 2 0 0 0 2 2h7l2 5M7 13h8M9 4h-2" />
    </Icon>
  );
}

export function LuggageIcon() {
  return (
    <Icon>
      <rect x="6" y="7" width="12" height="13" rx="2" />
      <path d="M9 7V4h6v3M9 11v5M15 11v5" />
    </Icon>
  );
}

export function WifiIcon() {
  return (
    <Icon>
      <path d="M2.5 9a14 14 0 0 1 19 0M5.5 12.5a9.5 9.5 0 0 1 13 0M8.5 16a5 5 0 0 1 7 0" />
      <circle cx="12" cy="19" r="1" fill="currentColor" />
    </Icon>
  );
}

export function WaterIcon() {
  return (
    <Icon>
      <path d="M10 3h4v3l2 3v11a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V9l2-3z" />
      <path d="M8 13h8" />
    </Icon>
  );
}

export function ChildSeatIcon() {
  return (
    <Icon>
      <circle cx="12" cy="5" r="2" />
      <path d="M7 9c0 6 1 9 5 9s5-3 5-9M9 21h6M12 9v4" />
    </Icon>
  );
}

export function NavigationIcon() {
  return (
    <Icon>
      <path d="M12 2l7 19-7-4-7 4z" />
    </Icon>
  );
}

export function ClockIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Icon>
  );
}

export function TagIcon() {
  return (
    <Icon>
      <path d="M3 12V4h8l10 10-8 8z" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </Icon>
  );
}

export function ShieldIcon() {
  return (
    <Icon>
      <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </Icon>
  );
}
