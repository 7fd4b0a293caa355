import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { ART_VIEWS, drawVehicleSvg, makeStyle, sideProfile, type BodyStyle } from '../../app/lib/shared/vehicle-art';
import { CATALOGUE } from '../../server/db/seed-data/catalogue';

// The drawn art for the seed inventory's vehicles (issue 35 point 7): each make and body style
// has its own proportions, read from the seed's catalogue (make, model, body style).

describe('drawn art for the seed inventory', () => {
  // Issue 35 point 7: a Porsche 911 and a Mercedes S-Class were the same wedge.
  it('draws a 911 short and low with a falling fastback rear, an S-Class long with a three-box boot', () => {
    const seeded = (make: string, model: string) => {
      const entry = CATALOGUE.find((item) => item.make === make && item.model === model)!;
      return { body: entry.bodyStyle, profile: sideProfile(entry.bodyStyle, makeStyle(make)) };
    };
    const { body: porscheBody, profile: p911 } = seeded('Porsche', '911');
    const { body: mercedesBody, profile: sClass } = seeded('Mercedes-Benz', 'S-Class');

    // The S-Class is the longer car, and long for its height; the 911 sits lower over its wheels.
    expect(sClass.length).toBeGreaterThan(p911.length * 1.25);
    expect(sClass.length / sClass.roof).toBeGreaterThan((p911.length / p911.roof) * 1.05);
    expect(p911.roof / p911.wheelbase).toBeLessThan((sClass.roof / sClass.wheelbase) * 0.9);
    // Short overhangs against long ones, measured against the wheelbase.
    const overhangs = (profile: typeof p911) => (profile.frontOverhang + profile.rearOverhang) / profile.wheelbase;
    expect(overhangs(p911)).toBeLessThan(0.55);
    expect(overhangs(sClass)).toBeGreaterThan(0.7);
    // Rear: the 911's roof falls in one shallow line to a tail below its belt, with no boot lid;
    // the S-Class's rear window drops steeply onto a boot lid at its belt.
    const rearSlope = (profile: typeof p911) => (profile.roof - profile.tail) / profile.rearRun;
    expect(rearSlope(sClass)).toBeGreaterThan(rearSlope(p911) * 1.8);
    expect(p911.deck).toBe(0);
    expect(p911.tail).toBeLessThan(p911.belt);
    expect(sClass.deck).toBeGreaterThan(sClass.length * 0.15);
    expect(sClass.tail).toBeGreaterThanOrEqual(sClass.belt);

    // The drawing is that profile: its outline spans the length and rises to the roof.
    const outline = (body: BodyStyle, make: string) => {
      const d = drawVehicleSvg(body, 'silver', null, undefined, { make, view: 'side' }).match(/ d="([^"]+)"/)![1]!;
      const points = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((match) => [Number(match[1]), Number(match[2])]);
      const xs = points.map(([x]) => x!);
      return { length: Math.max(...xs) - Math.min(...xs), top: Math.min(...points.map(([, y]) => y!)) };
    };
    const drawn911 = outline(porscheBody, 'Porsche');
    const drawnSClass = outline(mercedesBody, 'Mercedes-Benz');
    expect(drawn911.length).toBeCloseTo(p911.length, 0);
    expect(drawnSClass.length).toBeCloseTo(sClass.length, 0);
    expect(drawn911.top).toBeCloseTo(140 - p911.roof, 0);
    expect(drawnSClass.top).toBeCloseTo(140 - sClass.roof, 0);
  });

  it('gives every make and body style in the seed inventory a drawing of its own that fits the picture', () => {
    const bodiesByMake = new Map<string, Set<BodyStyle>>();
    for (const model of CATALOGUE) {
      const bodies = bodiesByMake.get(model.make) ?? new Set<BodyStyle>();
      bodies.add(model.bodyStyle);
      for (const trim of model.trims) if (trim.bodyStyle) bodies.add(trim.bodyStyle);
      bodiesByMake.set(model.make, bodies);
    }
    expect(bodiesByMake.size).toBeGreaterThan(20);
    const outlinesByBody = new Map<BodyStyle, Set<string>>();
    let drawn = 0;
    for (const [make, bodies] of bodiesByMake) {
      for (const body of bodies) {
        const profile = sideProfile(body, makeStyle(make));
        // The wheels (radius 26) sit under the body, the rear window has a run, the car fits.
        expect(profile.wheelX[0] - profile.rearX, `${make} ${body}`).toBeGreaterThanOrEqual(26);
        expect(profile.frontX - profile.wheelX[1], `${make} ${body}`).toBeGreaterThanOrEqual(26);
        expect(profile.rearRun, `${make} ${body}`).toBeGreaterThanOrEqual(0);
        expect(profile.rearX, `${make} ${body}`).toBeGreaterThan(4);
        expect(profile.frontX, `${make} ${body}`).toBeLessThan(396);
        for (const view of ART_VIEWS) {
          const svg = drawVehicleSvg(body, 'red', 'black', undefined, { make, view });
          expect(svg, `${make} ${body} ${view}`).not.toMatch(/NaN|undefined|Infinity/);
          // Well-formed XML with a text alternative (the pages' axe checks rely on it).
          expect(() => create(svg), `${make} ${body} ${view}`).not.toThrow();
          expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="[^"]+"><title>[^<]+<\/title>/);
          const outside = [...svg.matchAll(/(?:M|L| )(-?[\d.]+),(-?[\d.]+)/g)]
            .map(([, x, y]) => [Number(x), Number(y)])
            .filter(([x, y]) => !(x! >= 0 && x! <= 400 && y! >= 0 && y! <= 200));
          expect(outside, `${make} ${body} ${view}`).toEqual([]);
          drawn += 1;
        }
        const outlines = outlinesByBody.get(body) ?? new Set<string>();
        outlines.add(drawVehicleSvg(body, 'red', null, undefined, { make, view: 'side' }).match(/ d="([^"]+)"/)![1]!);
        outlinesByBody.set(body, outlines);
      }
    }
    // No two makes share an outline for the same body style.
    for (const [body, outlines] of outlinesByBody) {
      const makes = [...bodiesByMake].filter(([, bodies]) => bodies.has(body)).length;
      expect(outlines.size, body).toBe(makes);
    }
    expect(drawn).toBeGreaterThan(100);
  });
});
