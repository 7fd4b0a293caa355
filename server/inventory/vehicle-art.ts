// Vehicle pictures are drawn by our own code: one SVG per body style and colour pair.
// The drawing itself lives in app/lib so the storefront can also draw placeholders.
import {
  BODY_STYLES,
  COLORS,
  type BodyStyle,
  type ColorName,
  drawVehicleSvg,
  vehicleArtPath,
} from '../../app/lib/shared/vehicle-art';

export { drawVehicleSvg };

/** The picture URL the API hands out: relative, so it resolves to wherever the backend is mounted. */
export function vehicleImageUrl(vehicle: {
  bodyStyle: string;
  primaryColor: string;
  secondaryColor: string | null;
}): string {
  return vehicleArtPath(vehicle.bodyStyle, vehicle.primaryColor, vehicle.secondaryColor);
}

export function parseArtPath(
  body: string,
  colours: string,
): { body: BodyStyle; primary: ColorName; secondary: ColorName | null } | null {
  if (!(BODY_STYLES as readonly string[]).includes(body)) return null;
  const [primary, secondary, extra] = colours.split('-');
  const isColor = (value: string | undefined): value is ColorName => value !== undefined && value in COLORS;
  if (!isColor(primary) || extra !== undefined) return null;
  if (secondary !== undefined && !isColor(secondary)) return null;
  return { body: body as BodyStyle, primary, secondary: secondary ?? null };
}
