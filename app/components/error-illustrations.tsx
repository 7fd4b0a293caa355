import { useId, type ReactNode } from 'react';

// Built-in pictures for the error pages, used when a tenant configures none of its own.
// They take the tenant's colours from the theme variables; decorative, so hidden from
// assistive technology (the page's heading says what happened).

function Frame({ name, children }: { name: string; children: ReactNode }) {
  // useId gives ":r1:"-like ids; colons would need escaping inside url(#…).
  const clip = `error-art-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg
      viewBox="0 0 390 300"
      aria-hidden="true"
      focusable="false"
      className="h-auto w-full"
      data-testid="error-illustration"
      data-illustration={name}
    >
      <clipPath id={clip}>
        <rect x="0" y="0" width="390" height="300" rx="24" />
      </clipPath>
      <g clipPath={`url(#${clip})`}>
        <rect x="0" y="0" width="390" height="300" className="fill-primary" opacity="0.08" />
        {children}
      </g>
    </svg>
  );
}

function Car({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M4 34 L10 20 L34 16 L48 4 H88 L104 18 L124 22 L128 34 Z" className="fill-primary" />
      <path d="M52 9 H84 L96 19 H42 Z" className="fill-surface" opacity="0.75" />
      <circle cx="32" cy="36" r="10" className="fill-ink" />
      <circle cx="32" cy="36" r="4" className="fill-surface" />
      <circle cx="102" cy="36" r="10" className="fill-ink" />
      <circle cx="102" cy="36" r="4" className="fill-surface" />
    </g>
  );
}

/** A road that ends at a signpost with a question mark, a small car waiting before it. */
export function NotFoundIllustration() {
  return (
    <Frame name="not-found">
      <circle cx="84" cy="66" r="26" className="fill-accent" opacity="0.85" />
      <path d="M0 210 C 90 190 150 196 210 212 S 330 236 390 222 V300 H0 Z" className="fill-primary" opacity="0.18" />
      <path d="M40 300 L170 214 H224 L262 300 Z" className="fill-ink" opacity="0.8" />
      <path
        d="M196 224 L198 238 M201 252 L204 272 M208 286 L210 300"
        className="stroke-surface"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <rect x="282" y="92" width="8" height="130" rx="3" className="fill-ink" />
      <g transform="rotate(-6 286 110)">
        <rect x="232" y="84" width="112" height="56" rx="10" className="fill-secondary" />
        <text
          x="288"
          y="125"
          textAnchor="middle"
          fontSize="38"
          fontWeight="700"
          fontFamily="ui-sans-serif, system-ui, sans-serif"
          className="fill-secondary-contrast"
        >
          ?
        </text>
      </g>
      <Car x={70} y={206} />
    </Frame>
  );
}

/** A car up on a lift with a spanner beside it: something to fix on our side. */
export function ServerErrorIllustration() {
  return (
    <Frame name="server-error">
      <rect x="40" y="258" width="310" height="10" rx="5" className="fill-ink" opacity="0.8" />
      <rect x="90" y="176" width="12" height="84" className="fill-ink" opacity="0.7" />
      <rect x="288" y="176" width="12" height="84" className="fill-ink" opacity="0.7" />
      <rect x="70" y="170" width="250" height="12" rx="4" className="fill-secondary" />
      <Car x={88} y={100} scale={1.65} />
      <g transform="translate(320 46) rotate(35)">
        <rect x="-6" y="0" width="12" height="78" rx="6" className="fill-accent" />
        <path d="M-18 -8 A 18 18 0 1 0 18 -8 L 8 -8 L 8 6 L -8 6 L -8 -8 Z" className="fill-accent" />
      </g>
      <path d="M52 70 l14 -26 l14 26 z" className="fill-accent" />
      <path d="M66 54 v8 M66 66 v1" className="stroke-ink" strokeWidth="3" strokeLinecap="round" />
    </Frame>
  );
}
