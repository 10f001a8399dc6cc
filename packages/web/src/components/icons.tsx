import type { ReactNode } from 'react';

/** Small line icons drawn inline, so they look the same on machines without an emoji font. */
function Icon({ children, className = 'size-3.5' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      className={`inline-block shrink-0 ${className}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {children}
    </svg>
  );
}

type IconProps = { className?: string };

export const LockIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="3.5" y="7" width="9" height="6.5" rx="1.2" />
    <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
  </Icon>
);

export const HandIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M5 8.5V3.8a1 1 0 0 1 2 0V7m0-3.8V2.8a1 1 0 0 1 2 0V7m0-3.6a1 1 0 0 1 2 0V7.5m0-2.2a1 1 0 0 1 2 0v4.2c0 2.6-1.8 4.5-4.3 4.5-1.6 0-2.6-.7-3.5-1.9L3 9.6a1 1 0 0 1 1.6-1.2L5 9" />
  </Icon>
);

export const ChatIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M2.5 4a1.5 1.5 0 0 1 1.5-1.5h8A1.5 1.5 0 0 1 13.5 4v5.5A1.5 1.5 0 0 1 12 11H7l-3 2.5V11a1.5 1.5 0 0 1-1.5-1.5Z" />
  </Icon>
);

export const PenIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M10.5 2.5 13.5 5.5 6 13H3v-3Z" />
    <path d="m9 4 3 3" />
  </Icon>
);

export const ScissorsIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="4.5" cy="4.5" r="2" />
    <circle cx="4.5" cy="11.5" r="2" />
    <path d="M6.2 5.7 13.5 12M6.2 10.3 13.5 4" />
  </Icon>
);

export const PlayIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M5 3.5v9l7-4.5Z" fill="currentColor" />
  </Icon>
);

export const PauseIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M5.5 3.5v9M10.5 3.5v9" strokeWidth="2" />
  </Icon>
);

export const StopIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="4" y="4" width="8" height="8" rx="1" fill="currentColor" />
  </Icon>
);

export const ReturnIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M6 4 3 7l3 3" />
    <path d="M3 7h7a3 3 0 0 1 0 6H8" />
  </Icon>
);

export const EyeIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8Z" />
    <circle cx="8" cy="8" r="2" />
  </Icon>
);
