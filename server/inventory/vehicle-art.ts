// Vehicle pictures are drawn by our own code: four views per body style, make and colour pair.
// The drawing itself lives in app/lib so the storefront can also draw placeholders.
import {
  ART_VIEWS,
  BODY_STYLES,
  type ArtView,
  type BodyStyle,
  type ColorName,
  drawVehicleSvg,
  isColorName,
  makeSlug,
  vehicleArtPath,
} from '../../app/lib/shared/vehicle-art';

export { drawVehicleSvg };

type ArtVehicle = { bodyStyle: string; primaryColor: string; secondaryColor: string | null; make?: string };

/**
 * The picture URL the API hands out: relative, so it resolves to wherever the backend is mounted.
 * With a make: /media/vehicles/<body>/<colours>/<make>/<view>.svg; without: the plain side view.
 */
export function vehicleImageUrl(vehicle: ArtVehicle, view: ArtView = 'side'): string {
  const make = vehicle.make ? makeSlug(vehicle.make) : '';
  if (!make) return vehicleArtPath(vehicle.bodyStyle, vehicle.primaryColor, vehicle.secondaryColor);
  const colours = vehicle.secondaryColor ? `${vehicle.primaryColor}-${vehicle.secondaryColor}` : vehicle.primaryColor;
  return `/media/vehicles/${vehicle.bodyStyle}/${colours}/${make}/${view}.svg`;
}

/** The four drawn views of a vehicle without photos, in gallery order. */
export function vehicleArtViews(vehicle: ArtVehicle): { view: ArtView; url: string }[] {
  return ART_VIEWS.map((view) => ({ view, url: vehicleImageUrl(vehicle, view) }));
}

export function parseArtPath(
  body: string,
  colours: string,
  make?: string,
  view?: string,
): { body: BodyStyle; primary: ColorName; secondary: ColorName | null; make?: string; view: ArtView } | null {
  if (!(BODY_STYLES as readonly string[]).includes(body)) return null;
  const [primary, secondary, extra] = colours.split('-');
  if (!isColorName(primary) || extra !== undefined) return null;
  if (secondary !== undefined && !isColorName(secondary)) return null;
  if (make !== undefined && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(make)) return null;
  if (view !== undefined && !(ART_VIEWS as readonly string[]).includes(view)) return null;
  return { body: body as BodyStyle, primary, secondary: secondary ?? null, make, view: (view ?? 'side') as ArtView };
}
