import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '~/lib/shared/project-root.server';
import { loadTenants } from '~/lib/shared/tenant/tenants.server';

// WCAG 2.x contrast, written out here so the test does not trust the code it checks.
// https://www.w3.org/TR/WCAG22/#dfn-relative-luminance

/** One sRGB channel (0-255) to its linear value. */
function linearChannel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => linearChannel(parseInt(part!, 16))) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (L1 + 0.05) / (L2 + 0.05) with L1 the lighter colour: 1 to 21. */
function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG AA for normal-size text. */
const AA = 4.5;

describe('the contrast maths', () => {
  it('gives 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f5fd6', '#1f5fd6')).toBe(1);
  });

  it('matches known reference values', () => {
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(AA);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
  });
});

describe('tenant themes meet WCAG AA (4.5:1)', () => {
  const tenants = loadTenants(path.join(projectRoot, 'tenants')).all;

  const pairs = [
    ['primary', 'primaryContrast'],
    ['accent', 'accentContrast'],
    ['secondary', 'secondaryContrast'],
    ['text', 'surface'],
    // Links are drawn in the primary colour on the page surface.
    ['primary', 'surface'],
  ] as const;

  describe.each(tenants.map((tenant) => [tenant.id, tenant] as const))('%s', (_id, tenant) => {
    it.each(pairs)('%s on %s', (foreground, background) => {
      const ratio = contrastRatio(tenant.theme[foreground], tenant.theme[background]);
      expect(
        ratio,
        `${tenant.theme[foreground]} on ${tenant.theme[background]} is ${ratio.toFixed(2)}:1`,
      ).toBeGreaterThanOrEqual(AA);
    });
  });
});
