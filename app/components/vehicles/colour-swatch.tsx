import { isOneOf, keysOf } from '~/lib/shared/guards';
import { COLORS, type ColorName } from '~/lib/shared/vehicle-art';

// The exterior colour as a small circle (seed 000 §3.5): one colour fills it, two split it
// into a top and a bottom half.

function hexOf(color: string): string {
  return isOneOf(keysOf(COLORS), color) ? COLORS[color] : '#9aa3af';
}

export function colourName(primary: string, secondary: string | null): string {
  return secondary ? `${primary} and ${secondary}` : primary;
}

export function ColourSwatch({
  primary,
  secondary,
  className = '',
}: {
  primary: ColorName | string;
  secondary: ColorName | string | null;
  className?: string;
}) {
  const top = hexOf(primary);
  const bottom = secondary ? hexOf(secondary) : top;
  return (
    <span
      className={`colour-swatch ${className}`}
      style={{ background: secondary ? `linear-gradient(to bottom, ${top} 0 50%, ${bottom} 50% 100%)` : top }}
      data-testid="colour-swatch"
      data-colours={secondary ? `${primary}/${secondary}` : primary}
      data-split={secondary ? 'top-bottom' : undefined}
      aria-hidden="true"
    />
  );
}
