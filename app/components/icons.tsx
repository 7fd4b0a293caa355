import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/**
 * The frame of every line icon: drawn on a 24×24 grid, shown at `size` px (24 unless the icon
 * set says otherwise); decorative, the control around it carries the name.
 */
export function Icon({ children, size = 24, ...props }: IconProps & { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** The heart's outline, also drawn as a list's symbol (components/vehicles/card-sprite.tsx). */
export const HEART_PATH =
  'M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z';

export function HeartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={HEART_PATH} />
    </Icon>
  );
}

export function CartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 4h2.2l2.3 11h10.8l2.2-8H7" />
      <circle cx="9.5" cy="19.5" r="1.4" />
      <circle cx="17" cy="19.5" r="1.4" />
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 3.5h3.2l1.6 4.2-2 1.3a11 11 0 0 0 7.2 7.2l1.3-2 4.2 1.6V19a1.6 1.6 0 0 1-1.7 1.6A16.5 16.5 0 0 1 3.4 5.2 1.6 1.6 0 0 1 5 3.5Z" />
    </Icon>
  );
}

type Network = 'facebook' | 'instagram' | 'x' | 'youtube' | 'tiktok' | 'linkedin';

/** Simplified marks for the footer's social links, in the footer's text colour. */
export function SocialIcon({ network, ...props }: IconProps & { network: Network }) {
  switch (network) {
    case 'facebook':
      return (
        <Icon {...props}>
          <path d="M14.5 8H16V4.5h-2.2A3.8 3.8 0 0 0 10 8.3V11H8v3.5h2V21h3.5v-6.5h2.3l.5-3.5h-2.8V8.8c0-.5.4-.8 1-.8Z" />
        </Icon>
      );
    case 'instagram':
      return (
        <Icon {...props}>
          <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
        </Icon>
      );
    case 'x':
      return (
        <Icon {...props}>
          <path d="M4 4l16 16M20 4 4 20" />
        </Icon>
      );
    case 'youtube':
      return (
        <Icon {...props}>
          <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
          <path d="m10 9 5 3-5 3Z" fill="currentColor" />
        </Icon>
      );
    case 'tiktok':
      return (
        <Icon {...props}>
          <path d="M14 3.5v11.2a3.8 3.8 0 1 1-3.8-3.8M14 3.5a5 5 0 0 0 5 5" />
        </Icon>
      );
    case 'linkedin':
      return (
        <Icon {...props}>
          <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />
          <path d="M8 10.5V16M8 7.8v.1M11.5 16v-5.5M11.5 13a2.5 2.5 0 0 1 5 0v3" />
        </Icon>
      );
  }
}
