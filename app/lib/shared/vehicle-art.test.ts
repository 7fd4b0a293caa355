import { describe, expect, it } from 'vitest';
import { ART_VIEWS, BODY_STYLES, COLORS, drawVehicleSvg, interiorColor, makeStyle } from './vehicle-art';

// Issue 16 point 3: our own drawings, four views a vehicle, a silhouette per body style, visible
// differences between makes, in the vehicle's colours, each with a text alternative.

const paths = (svg: string) => [...svg.matchAll(/ d="([^"]+)"/g)].map((match) => match[1]).join('|');

describe('drawn vehicle art', () => {
  it('draws a different silhouette for every body style, in every view but the interior', () => {
    for (const view of ['side', 'front', 'rear'] as const) {
      const drawn = BODY_STYLES.map((body) =>
        paths(drawVehicleSvg(body, 'blue', null, undefined, { make: 'Toyota', view })),
      );
      expect(new Set(drawn).size).toBe(BODY_STYLES.length);
    }
  });

  it('draws four different views of one vehicle', () => {
    const views = ART_VIEWS.map((view) => drawVehicleSvg('sedan', 'red', null, undefined, { make: 'Honda', view }));
    expect(new Set(views).size).toBe(4);
    expect(new Set(views.map(paths)).size).toBe(4);
  });

  it('shapes a vehicle by its make: proportions, grille and lights differ', () => {
    const porsche = drawVehicleSvg('coupe', 'silver', null, undefined, { make: 'Porsche', view: 'side' });
    const ford = drawVehicleSvg('coupe', 'silver', null, undefined, { make: 'Ford', view: 'side' });
    expect(paths(porsche)).not.toBe(paths(ford));
    // Front: a kidney grille is two rounded openings; a Jeep's is seven slots with round lamps.
    const bmw = drawVehicleSvg('suv', 'white', null, undefined, { make: 'BMW', view: 'front' });
    const jeep = drawVehicleSvg('suv', 'white', null, undefined, { make: 'Jeep', view: 'front' });
    expect(bmw.match(/rx="7" fill="#1d2024"/g)).toHaveLength(2);
    expect(jeep.match(/width="5" height="26"/g)).toHaveLength(7);
    expect(jeep).toContain('<circle');
    expect(paths(bmw)).not.toBe(paths(jeep));
    // A make we do not know is drawn the same way every time.
    expect(makeStyle('Lucid')).toEqual(makeStyle('lucid'));
    expect(drawVehicleSvg('sedan', 'red', null, undefined, { make: 'Lucid', view: 'front' })).toBe(
      drawVehicleSvg('sedan', 'red', null, undefined, { make: 'Lucid', view: 'front' }),
    );
  });

  it('paints the exterior colours outside and the interior colour inside', () => {
    const side = drawVehicleSvg('wagon', 'green', 'beige', undefined, { make: 'Volvo', view: 'side' });
    expect(side).toContain(`stop-color="${COLORS.green}"`);
    expect(side).toContain(`stop-color="${COLORS.beige}"`);
    const inside = drawVehicleSvg('wagon', 'green', 'beige', undefined, { make: 'Volvo', view: 'interior' });
    expect(inside).toContain(`fill="${COLORS.beige}"`);
    // Without a second colour the interior is black, or beige in a dark car.
    expect(interiorColor('white', null)).toBe('black');
    expect(drawVehicleSvg('sedan', 'black', null, undefined, { view: 'interior' })).toContain(`fill="${COLORS.beige}"`);
  });

  it('names what it shows, for screen readers, and stays small', () => {
    for (const view of ART_VIEWS) {
      const svg = drawVehicleSvg('truck', 'red', 'black', undefined, { make: 'Ram', view });
      expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="[^"]+"><title>[^<]+<\/title>/);
      expect(svg.length).toBeLessThan(6_000);
    }
    expect(drawVehicleSvg('truck', 'red', 'black', undefined, { view: 'rear' })).toContain(
      '<title>red and black truck, rear view</title>',
    );
  });
});
