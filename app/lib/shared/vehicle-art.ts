// Draws a vehicle as SVG: four views (side, front three-quarter, rear, interior), a silhouette
// per body style drawn from its measures (length, wheelbase, overhangs, roof, belt, boot, rear
// slope), shaped by the make (proportions, fastback share, grille, lights), in its colours.
// Pure and isomorphic: the server draws it (router, /media/vehicles/...) and the landing page
// inlines one; no client JavaScript. See docs/decisions/030-import-speed-local-photos-art.md and 102.

export const BODY_STYLES = ['sedan', 'suv', 'truck', 'coupe', 'hatchback', 'minivan', 'convertible', 'wagon'] as const;
export type BodyStyle = (typeof BODY_STYLES)[number];

export const COLORS = {
  white: '#f4f5f7',
  black: '#1c1d21',
  silver: '#b8bec7',
  gray: '#6b7078',
  red: '#b3202a',
  blue: '#1f4fa8',
  green: '#2f6b3a',
  brown: '#6b4a2f',
  beige: '#d8c7a3',
  orange: '#d8641c',
  yellow: '#e5b920',
  // A dealer's colour name no family fits ("Sparkle", "Hypersonic"): listed as Other, drawn in a
  // neutral warm grey rather than guessed (issue 35 point 5).
  other: '#8f887c',
} as const;
export type ColorName = keyof typeof COLORS;

/** A colour of the palette; `in` would also take Object's own names (constructor, __proto__). */
export function isColorName(value: string | undefined): value is ColorName {
  return value !== undefined && Object.hasOwn(COLORS, value);
}

/**
 * Where the backend serves a drawing (server/inventory/router.ts), relative so it resolves to
 * wherever the backend is mounted. Pages link to it instead of drawing in the browser: the
 * picture is cached, and the page's JavaScript carries no drawing code.
 */
export function vehicleArtPath(body: string, primary: string, secondary: string | null = null): string {
  return `/media/vehicles/${body}/${secondary ? `${primary}-${secondary}` : primary}.svg`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const ART_VIEWS = ['side', 'front', 'rear', 'interior'] as const;
export type ArtView = (typeof ART_VIEWS)[number];
export const ART_VIEW_LABELS: Record<ArtView, string> = {
  side: 'side view',
  front: 'front three-quarter view',
  rear: 'rear view',
  interior: 'interior',
};

type Grille =
  'wide' | 'kidney' | 'frame' | 'spindle' | 'closed' | 'slots' | 'shield' | 'crossbar' | 'bars' | 'diagonal';
type Lights = 'slim' | 'round' | 'square' | 'bar';
/**
 * How a make draws: its grille, its lights, and its proportions: length and height factors, how
 * far the body hangs out past the wheels (`overhang`, 1 as the body style has it) and how much
 * its rear falls in one line from the roof to the tail (`fastback`, 0 as the body style has it,
 * 1 a fastback with no boot lid).
 */
export type MakeStyle = {
  grille: Grille;
  lights: Lights;
  long: number;
  tall: number;
  overhang: number;
  fastback: number;
};

const MAKE_STYLES: Record<string, MakeStyle> = {
  audi: { grille: 'frame', lights: 'slim', long: 1.02, tall: 0.96, overhang: 1, fastback: 0.3 },
  bmw: { grille: 'kidney', lights: 'slim', long: 1.02, tall: 0.96, overhang: 0.95, fastback: 0.2 },
  buick: { grille: 'wide', lights: 'slim', long: 1, tall: 1, overhang: 1.05, fastback: 0.1 },
  cadillac: { grille: 'shield', lights: 'bar', long: 1.05, tall: 1, overhang: 1.1, fastback: 0 },
  chevrolet: { grille: 'crossbar', lights: 'square', long: 1, tall: 1.02, overhang: 1, fastback: 0 },
  chrysler: { grille: 'wide', lights: 'slim', long: 1.03, tall: 1, overhang: 1.05, fastback: 0 },
  dodge: { grille: 'crossbar', lights: 'square', long: 1.04, tall: 0.95, overhang: 1, fastback: 0.4 },
  ford: { grille: 'bars', lights: 'square', long: 1, tall: 1.03, overhang: 1, fastback: 0.3 },
  gmc: { grille: 'wide', lights: 'square', long: 1.03, tall: 1.06, overhang: 1.05, fastback: 0 },
  genesis: { grille: 'shield', lights: 'bar', long: 1.04, tall: 0.98, overhang: 1.05, fastback: 0.1 },
  honda: { grille: 'bars', lights: 'slim', long: 0.99, tall: 0.98, overhang: 1, fastback: 0.2 },
  hyundai: { grille: 'wide', lights: 'bar', long: 1, tall: 0.98, overhang: 1, fastback: 0.4 },
  jeep: { grille: 'slots', lights: 'round', long: 0.94, tall: 1.08, overhang: 0.75, fastback: 0 },
  kia: { grille: 'frame', lights: 'bar', long: 1, tall: 0.98, overhang: 0.97, fastback: 0.5 },
  lexus: { grille: 'spindle', lights: 'slim', long: 1.02, tall: 0.97, overhang: 1, fastback: 0.1 },
  mini: { grille: 'frame', lights: 'round', long: 0.86, tall: 1.02, overhang: 0.6, fastback: 0 },
  mazda: { grille: 'shield', lights: 'slim', long: 0.98, tall: 0.95, overhang: 0.95, fastback: 0.2 },
  'mercedes-benz': { grille: 'wide', lights: 'slim', long: 1.03, tall: 0.98, overhang: 1.16, fastback: 0 },
  nissan: { grille: 'frame', lights: 'slim', long: 1, tall: 1, overhang: 1, fastback: 0.3 },
  porsche: { grille: 'closed', lights: 'round', long: 0.96, tall: 0.86, overhang: 0.62, fastback: 1 },
  ram: { grille: 'bars', lights: 'square', long: 1.06, tall: 1.1, overhang: 1.05, fastback: 0 },
  rivian: { grille: 'closed', lights: 'round', long: 1, tall: 1.04, overhang: 0.85, fastback: 0.2 },
  subaru: { grille: 'frame', lights: 'square', long: 0.98, tall: 1.02, overhang: 0.95, fastback: 0 },
  tesla: { grille: 'closed', lights: 'slim', long: 1, tall: 0.95, overhang: 0.9, fastback: 0.7 },
  toyota: { grille: 'wide', lights: 'slim', long: 1, tall: 1, overhang: 1, fastback: 0.2 },
  volkswagen: { grille: 'bars', lights: 'slim', long: 0.97, tall: 1, overhang: 0.95, fastback: 0.1 },
  volvo: { grille: 'diagonal', lights: 'bar', long: 1.01, tall: 1.02, overhang: 1.05, fastback: 0 },
};
const GRILLES: Grille[] = [
  'wide',
  'kidney',
  'frame',
  'spindle',
  'closed',
  'slots',
  'shield',
  'crossbar',
  'bars',
  'diagonal',
];
const LIGHTS: Lights[] = ['slim', 'round', 'square', 'bar'];

/** The make as a path segment: lower case letters, digits and dashes. */
export function makeSlug(make: string): string {
  return make
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A known make's style; any other make gets one picked by its name (always the same). */
export function makeStyle(make: string | undefined): MakeStyle {
  if (!make) return { grille: 'wide', lights: 'slim', long: 1, tall: 1, overhang: 1, fastback: 0 };
  const slug = makeSlug(make);
  // Own entries only: a make named "constructor" is not Object's constructor.
  if (Object.hasOwn(MAKE_STYLES, slug)) return MAKE_STYLES[slug]!;
  let hash = 7;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return {
    grille: GRILLES[hash % GRILLES.length]!,
    lights: LIGHTS[(hash >>> 4) % LIGHTS.length]!,
    long: 0.95 + ((hash >>> 8) % 10) / 100,
    tall: 0.95 + ((hash >>> 12) % 10) / 100,
    overhang: 0.9 + ((hash >>> 16) % 20) / 100,
    fastback: ((hash >>> 20) % 5) / 10,
  };
}

/** The interior colour: the second colour when the vehicle has one, else black or beige. */
export function interiorColor(primary: ColorName, secondary: ColorName | null): ColorName {
  if (secondary) return secondary;
  return primary === 'black' || primary === 'brown' || primary === 'blue' ? 'beige' : 'black';
}

const r = (value: number) => Math.round(value * 10) / 10;

/** Front and rear faces: width, roof height and beltline per body style (400×200 canvas). */
const FACES: Record<BodyStyle, { width: number; roof: number; belt: number }> = {
  sedan: { width: 214, roof: 72, belt: 112 },
  suv: { width: 236, roof: 50, belt: 104 },
  truck: { width: 248, roof: 44, belt: 98 },
  coupe: { width: 220, roof: 84, belt: 116 },
  hatchback: { width: 200, roof: 64, belt: 110 },
  minivan: { width: 228, roof: 42, belt: 104 },
  convertible: { width: 220, roof: 100, belt: 116 },
  wagon: { width: 214, roof: 66, belt: 110 },
};

function grilleSvg(grille: Grille, cx: number, top: number, width: number): string {
  const half = width / 2;
  const bottom = top + 26;
  const dark = 'fill="#1d2024"';
  switch (grille) {
    case 'kidney':
      return `<rect x="${r(cx - 22)}" y="${top}" width="19" height="26" rx="7" ${dark}/><rect x="${r(cx + 3)}" y="${top}" width="19" height="26" rx="7" ${dark}/>`;
    case 'frame':
      return `<path d="M${r(cx - half * 0.55)},${top} L${r(cx + half * 0.55)},${top} L${r(cx + half * 0.48)},${bottom + 8} L${r(cx - half * 0.48)},${bottom + 8} Z" ${dark}/>`;
    case 'spindle':
      return `<path d="M${r(cx - half * 0.4)},${top} L${r(cx + half * 0.4)},${top} L${r(cx + half * 0.18)},${top + 13} L${r(cx + half * 0.5)},${bottom + 10} L${r(cx - half * 0.5)},${bottom + 10} L${r(cx - half * 0.18)},${top + 13} Z" ${dark}/>`;
    case 'closed':
      return `<path d="M${r(cx - half * 0.5)},${bottom + 6} Q${cx},${bottom + 12} ${r(cx + half * 0.5)},${bottom + 6}" stroke="#1d2024" stroke-width="3" fill="none"/>`;
    case 'slots':
      return Array.from(
        { length: 7 },
        (_, index) => `<rect x="${r(cx - 31 + index * 9)}" y="${top}" width="5" height="26" rx="2" ${dark}/>`,
      ).join('');
    case 'shield':
      return `<path d="M${r(cx - 24)},${top} L${r(cx + 24)},${top} L${r(cx + 18)},${bottom} L${cx},${bottom + 10} L${r(cx - 18)},${bottom} Z" ${dark}/>`;
    case 'crossbar':
      return `<rect x="${r(cx - half * 0.6)}" y="${top}" width="${r(half * 1.2)}" height="26" rx="3" ${dark}/><rect x="${r(cx - half * 0.6)}" y="${top + 11}" width="${r(half * 1.2)}" height="4" fill="#c9ced6"/>`;
    case 'bars':
      return `<rect x="${r(cx - half * 0.62)}" y="${top}" width="${r(half * 1.24)}" height="24" rx="4" ${dark}/>${[
        6, 12, 18,
      ]
        .map(
          (offset) =>
            `<rect x="${r(cx - half * 0.6)}" y="${top + offset}" width="${r(half * 1.2)}" height="2" fill="#8a9099"/>`,
        )
        .join('')}`;
    case 'diagonal':
      return `<rect x="${r(cx - half * 0.45)}" y="${top}" width="${r(half * 0.9)}" height="26" rx="3" ${dark}/><path d="M${r(cx - half * 0.45)},${bottom} L${r(cx + half * 0.45)},${top}" stroke="#c9ced6" stroke-width="3"/>`;
    default:
      return `<rect x="${r(cx - half * 0.7)}" y="${top + 4}" width="${r(half * 1.4)}" height="20" rx="6" ${dark}/>`;
  }
}

function lampSvg(lights: Lights, x: number, y: number, colour: string): string {
  switch (lights) {
    case 'round':
      return `<circle cx="${r(x)}" cy="${r(y)}" r="9" fill="${colour}" stroke="#1d2024" stroke-width="2"/>`;
    case 'square':
      return `<rect x="${r(x - 14)}" y="${r(y - 8)}" width="28" height="16" rx="2" fill="${colour}" stroke="#1d2024" stroke-width="2"/>`;
    case 'bar':
      return `<rect x="${r(x - 20)}" y="${r(y - 3)}" width="40" height="6" rx="3" fill="${colour}"/>`;
    default:
      return `<path d="M${r(x - 18)},${r(y + 3)} L${r(x + 16)},${r(y - 5)} L${r(x + 18)},${r(y + 1)} L${r(x - 16)},${r(y + 6)} Z" fill="${colour}"/>`;
  }
}

type Paint = { main: string; roof: string; cabin: string };

/**
 * A body style's side profile on the 400×200 canvas, facing right, in canvas units: lengths
 * along the ground, heights above the sill line. The outline runs from the tail over the boot
 * lid (`deck`), down the rear window from the roof (`rear run`), along the roof, down the
 * windscreen (`rake`) and along the bonnet (`hood`) to the nose; a pickup's deck is its bed.
 */
type BodyProfile = {
  length: number;
  wheelbase: number;
  frontOverhang: number;
  roof: number;
  belt: number;
  /** Height of the tail's top: the boot lid of a three-box car, near the roof for a tailgate. */
  tail: number;
  hood: number;
  rake: number;
  roofLength: number;
  deck: number;
  /** An open top: the outline stays at the belt and only the windscreen stands up. */
  open?: boolean;
};

const PROFILES: Record<BodyStyle, BodyProfile> = {
  sedan: {
    length: 340,
    wheelbase: 200,
    frontOverhang: 66,
    roof: 60,
    belt: 32,
    tail: 34,
    hood: 98,
    rake: 44,
    roofLength: 84,
    deck: 62,
  },
  suv: {
    length: 344,
    wheelbase: 208,
    frontOverhang: 62,
    roof: 84,
    belt: 48,
    tail: 72,
    hood: 76,
    rake: 40,
    roofLength: 196,
    deck: 0,
  },
  truck: {
    length: 356,
    wheelbase: 226,
    frontOverhang: 58,
    roof: 86,
    belt: 46,
    tail: 46,
    hood: 96,
    rake: 22,
    roofLength: 80,
    deck: 154,
  },
  coupe: {
    length: 330,
    wheelbase: 190,
    frontOverhang: 66,
    roof: 52,
    belt: 30,
    tail: 31,
    hood: 104,
    rake: 50,
    roofLength: 62,
    deck: 40,
  },
  hatchback: {
    length: 310,
    wheelbase: 190,
    frontOverhang: 60,
    roof: 68,
    belt: 32,
    tail: 52,
    hood: 80,
    rake: 46,
    roofLength: 140,
    deck: 0,
  },
  minivan: {
    length: 352,
    wheelbase: 216,
    frontOverhang: 58,
    roof: 88,
    belt: 46,
    tail: 76,
    hood: 50,
    rake: 56,
    roofLength: 216,
    deck: 0,
  },
  convertible: {
    length: 330,
    wheelbase: 190,
    frontOverhang: 66,
    roof: 50,
    belt: 30,
    tail: 31,
    hood: 104,
    rake: 36,
    roofLength: 0,
    deck: 80,
    open: true,
  },
  wagon: {
    length: 344,
    wheelbase: 206,
    frontOverhang: 64,
    roof: 64,
    belt: 34,
    tail: 54,
    hood: 94,
    rake: 46,
    roofLength: 176,
    deck: 0,
  },
};

const SILL = 140;

/** The side profile's measures for a body style shaped by a make (what the test compares). */
export type SideProfile = {
  length: number;
  wheelbase: number;
  frontOverhang: number;
  rearOverhang: number;
  roof: number;
  belt: number;
  tail: number;
  deck: number;
  /** Horizontal run of the rear window (or fastback) from the roof down to the deck or tail. */
  rearRun: number;
  /** Canvas x of the tail, the deck's end, the roof's ends, the windscreen's base and the nose. */
  rearX: number;
  deckEndX: number;
  roofRearX: number;
  roofFrontX: number;
  screenX: number;
  frontX: number;
  wheelX: [number, number];
};

/**
 * The profile a make gives a body style: its length and height factors stretch the whole car;
 * its overhang factor lengthens or shortens the ends past the wheels (the bonnet and boot take
 * up the difference); its fastback share moves the boot lid and part of the roof into one
 * falling line from the roof and lowers the tail below the belt, as a 911's rear is drawn.
 */
export function sideProfile(body: BodyStyle, style: MakeStyle): SideProfile {
  const base = PROFILES[body];
  const baseRear = base.length - base.wheelbase - base.frontOverhang;
  const frontOverhang = base.frontOverhang * style.overhang * style.long;
  const rearOverhang = baseRear * style.overhang * style.long;
  const wheelbase = base.wheelbase * style.long;
  const length = wheelbase + frontOverhang + rearOverhang;
  const deck = Math.max(0, (base.deck + baseRear * (style.overhang - 1)) * style.long) * (1 - style.fastback);
  const hood = (base.hood + base.frontOverhang * (style.overhang - 1)) * style.long;
  const roofLength = base.roofLength * (1 - 0.35 * style.fastback) * style.long;
  const rearX = 200 - length / 2;
  const frontX = 200 + length / 2;
  const screenX = frontX - hood;
  const roofFrontX = screenX - base.rake * style.long;
  const roofRearX = roofFrontX - roofLength;
  const lowTail = Math.min(base.tail, base.belt * 0.8);
  return {
    length,
    wheelbase,
    frontOverhang,
    rearOverhang,
    roof: base.roof * style.tall,
    belt: base.belt * style.tall,
    tail: (base.tail + (lowTail - base.tail) * style.fastback) * style.tall,
    deck,
    rearRun: roofRearX - rearX - deck,
    rearX,
    deckEndX: rearX + deck,
    roofRearX,
    roofFrontX,
    screenX,
    frontX,
    wheelX: [rearX + rearOverhang, frontX - frontOverhang],
  };
}

function sideView(body: BodyStyle, style: MakeStyle): string {
  const p = sideProfile(body, style);
  const { open, rake } = PROFILES[body];
  const y = (height: number) => r(SILL - height);
  const { deckEndX, roofRearX, roofFrontX, screenX } = p;
  const roof = open ? p.belt : p.roof;
  const outline = [
    [p.rearX, SILL],
    [p.rearX + 3, SILL - p.tail * 0.5],
    [p.rearX + 4, SILL - p.tail],
    [Math.max(deckEndX, p.rearX + 4), SILL - Math.max(p.tail, Math.min(p.belt, roof))],
    [roofRearX, SILL - roof],
    [roofFrontX, SILL - roof],
    [screenX, SILL - p.belt],
    [p.frontX - 10, SILL - p.belt * 0.8],
    [p.frontX, SILL - p.belt * 0.45],
    [p.frontX, SILL],
  ];
  // The side glass under the roof, down to the belt; its rear edge follows the rear window.
  const glassBottom = SILL - p.belt + 3;
  const along = (glassBottom - (SILL - roof)) / Math.max(1, SILL - p.tail - (SILL - roof));
  const glassRearX = roofRearX + (deckEndX - roofRearX) * Math.min(1, Math.max(0, along));
  const glass = open
    ? [
        [screenX - 4, glassBottom],
        [screenX - rake * style.long, SILL - p.roof],
        [screenX - rake * style.long + 5, SILL - p.roof],
        [screenX + 2, glassBottom],
      ]
    : [
        [glassRearX + 6, glassBottom],
        [roofRearX + 4, SILL - roof + 5],
        [roofFrontX - 4, SILL - roof + 5],
        [screenX - 8, glassBottom],
      ];
  const pathOf = (points: number[][]) => `M${points.map(([x, h]) => `${r(x!)},${r(h!)}`).join(' L')} Z`;
  const lampY = y(p.belt * 0.75);
  return [
    `<path d="${pathOf(outline)}" fill="url(#paint)" stroke="#00000033" stroke-width="2"/>`,
    `<path d="${pathOf(glass)}" fill="#9fb6cc" opacity="0.85"/>`,
    lampSvg(style.lights, p.frontX - 14, lampY, '#f6d36b'),
    `<rect x="${r(p.rearX + 1)}" y="${y(p.tail - 4)}" width="10" height="7" rx="2" fill="#c2333b"/>`,
    p.wheelX
      .map((wheel) => {
        const x = r(wheel);
        return `<circle cx="${x}" cy="142" r="26" fill="#202226"/><circle cx="${x}" cy="142" r="12" fill="#c9ced6"/><circle cx="${x}" cy="142" r="4" fill="#55595f"/>`;
      })
      .join(''),
  ].join('');
}

/** The front or rear face, and for the front a flank going back to the right (three-quarter). */
function faceView(body: BodyStyle, style: MakeStyle, paint: Paint, end: 'front' | 'rear'): string {
  const face = FACES[body];
  const cx = end === 'front' ? 160 : 200;
  const half = (face.width * (end === 'front' ? 0.9 : 1) * style.long) / 2;
  const ground = 166;
  const roof = r(ground - (ground - face.roof) * style.tall);
  const belt = r(ground - (ground - face.belt) * style.tall);
  const inset = body === 'truck' || body === 'suv' || body === 'minivan' ? 14 : 26;
  const left = r(cx - half);
  const right = r(cx + half);
  const parts: string[] = [];
  if (end === 'front') {
    // The flank: the side of the car going back and up to the right.
    parts.push(
      `<path d="M${right},${ground - 8} L${right},${belt} L${r(right - inset)},${roof} L${r(right + 96)},${r(roof + 10)} L${r(right + 116)},${r(belt + 6)} L${r(right + 116)},${ground - 14} Z" fill="${paint.main}" stroke="#00000033" stroke-width="2"/>`,
      `<path d="M${r(right + 4)},${r(belt - 2)} L${r(right - inset + 6)},${r(roof + 4)} L${r(right + 90)},${r(roof + 13)} L${r(right + 106)},${r(belt + 2)} Z" fill="#9fb6cc" opacity="0.8"/>`,
      `<ellipse cx="${r(right + 84)}" cy="${ground - 12}" rx="15" ry="22" fill="#202226"/>`,
    );
  }
  parts.push(
    `<path d="M${left},${ground - 6} L${left},${belt} L${r(left + inset)},${roof} L${r(right - inset)},${roof} L${right},${belt} L${right},${ground - 6} Z" fill="url(#paint)" stroke="#00000033" stroke-width="2"/>`,
    // The windscreen (front) or rear window; an open convertible shows only a low screen.
    `<path d="M${r(left + 10)},${r(belt - 2)} L${r(left + inset + 6)},${r(roof + 5)} L${r(right - inset - 6)},${r(roof + 5)} L${r(right - 10)},${r(belt - 2)} Z" fill="#9fb6cc" opacity="0.85"/>`,
    `<rect x="${r(left + 6)}" y="${ground - 18}" width="${r(half * 2 - 12)}" height="10" rx="4" fill="#2a2d33" opacity="0.7"/>`,
  );
  const lampY = r(belt + 14);
  if (end === 'front') {
    parts.push(grilleSvg(style.grille, cx, r(belt + 16), half * 2));
    parts.push(lampSvg(style.lights, left + 26, lampY, '#f6f1d0'), lampSvg(style.lights, right - 26, lampY, '#f6f1d0'));
  } else {
    // Tail lights: a bar across the back, or one lamp a side; the plate in the middle.
    if (style.lights === 'bar')
      parts.push(
        `<rect x="${r(left + 10)}" y="${r(lampY - 3)}" width="${r(half * 2 - 20)}" height="7" rx="3" fill="#c2333b"/>`,
      );
    else
      parts.push(
        lampSvg(style.lights, left + 26, lampY, '#c2333b'),
        lampSvg(style.lights, right - 26, lampY, '#c2333b'),
      );
    parts.push(
      `<rect x="${cx - 22}" y="${r(lampY + 14)}" width="44" height="16" rx="2" fill="#f4f5f7" stroke="#55595f"/>`,
    );
    if (body === 'truck')
      parts.push(`<path d="M${left},${r(belt + 8)} L${right},${r(belt + 8)}" stroke="#00000055" stroke-width="2"/>`);
  }
  parts.push(
    `<rect x="${r(left + 10)}" y="${ground - 8}" width="28" height="26" rx="6" fill="#202226"/>`,
    `<rect x="${r(right - 38)}" y="${ground - 8}" width="28" height="26" rx="6" fill="#202226"/>`,
  );
  return parts.join('');
}

/** The cabin from the back seat: windscreen, dashboard and seats in the interior colour. */
function interiorView(body: BodyStyle, style: MakeStyle, paint: Paint): string {
  const screen =
    style.grille === 'closed'
      ? '<rect x="176" y="92" width="48" height="34" rx="3" fill="#111"/>'
      : '<rect x="184" y="96" width="32" height="20" rx="3" fill="#111"/>';
  const roofLine = body === 'convertible' ? '' : `<rect x="0" y="0" width="400" height="22" fill="${paint.cabin}"/>`;
  return [
    `<path d="M40,22 L360,22 L392,104 L8,104 Z" fill="#cfe0ee"/>`,
    roofLine,
    `<path d="M0,96 Q200,${body === 'truck' || body === 'suv' ? 80 : 88} 400,96 L400,140 L0,140 Z" fill="${paint.cabin}" stroke="#00000033"/>`,
    `<path d="M0,112 L400,112" stroke="${paint.main}" stroke-width="4"/>`,
    screen,
    `<circle cx="110" cy="126" r="30" fill="none" stroke="#1d2024" stroke-width="8"/><circle cx="110" cy="126" r="7" fill="#1d2024"/>`,
    `<path d="M20,200 L30,140 Q70,126 110,140 L120,200 Z" fill="${paint.cabin}" stroke="#00000044" stroke-width="2"/>`,
    `<path d="M280,200 L290,140 Q330,126 370,140 L380,200 Z" fill="${paint.cabin}" stroke="#00000044" stroke-width="2"/>`,
  ].join('');
}

export function drawVehicleSvg(
  body: BodyStyle,
  primary: ColorName,
  secondary: ColorName | null,
  title?: string,
  options: { make?: string; view?: ArtView } = {},
): string {
  const view = options.view ?? 'side';
  const style = makeStyle(options.make);
  const main = COLORS[primary];
  const paint: Paint = {
    main,
    roof: secondary ? COLORS[secondary] : main,
    cabin: COLORS[interiorColor(primary, secondary)],
  };
  const colours = secondary ? `${primary} and ${secondary}` : primary;
  const described =
    view === 'interior'
      ? `${interiorColor(primary, secondary)} interior of a ${colours} ${body}`
      : `${colours} ${body}, ${ART_VIEW_LABELS[view]}`;
  const label = escapeXml(title ?? described);
  const drawing =
    view === 'side'
      ? sideView(body, style)
      : view === 'interior'
        ? interiorView(body, style, paint)
        : faceView(body, style, paint, view);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef2f7"/><stop offset="1" stop-color="#dfe5ed"/></linearGradient>',
    `<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${paint.roof}"/><stop offset="0.45" stop-color="${main}"/><stop offset="1" stop-color="${main}" stop-opacity="0.85"/></linearGradient></defs>`,
    '<rect width="400" height="200" fill="url(#sky)"/>',
    view === 'interior' ? '' : '<ellipse cx="200" cy="172" rx="180" ry="10" fill="#000" opacity="0.12"/>',
    drawing,
    '</svg>',
  ].join('');
}
