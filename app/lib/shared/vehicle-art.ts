// Draws a vehicle as SVG: four views (side, front three-quarter, rear, interior), a silhouette
// per body style, shaped by the make (grille, lights, proportions), in the vehicle's colours.
// Pure and isomorphic: the server draws it (router, /media/vehicles/...) and the landing page
// inlines one; no client JavaScript. See docs/decisions/030-import-speed-local-photos-art.md.

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

/** Body outline (x,y points on a 400×200 canvas) and cabin outline per style. */
const SHAPES: Record<BodyStyle, { body: string; cabin: string; wheelX: [number, number] }> = {
  sedan: {
    body: 'M30,140 L40,112 L110,104 L150,78 L258,78 L300,104 L368,112 L378,140 Z',
    cabin: 'M158,84 L250,84 L286,104 L128,104 Z',
    wheelX: [100, 302],
  },
  suv: {
    body: 'M28,142 L32,98 L70,92 L100,58 L300,58 L334,92 L372,100 L376,142 Z',
    cabin: 'M108,64 L292,64 L318,92 L88,92 Z',
    wheelX: [98, 304],
  },
  truck: {
    body: 'M24,142 L28,96 L120,92 L140,56 L226,56 L236,96 L380,96 L380,142 Z',
    cabin: 'M146,62 L220,62 L226,92 L132,92 Z',
    wheelX: [90, 316],
  },
  coupe: {
    body: 'M30,142 L42,114 L120,104 L170,80 L250,80 L316,108 L372,116 L376,142 Z',
    cabin: 'M176,86 L244,86 L296,106 L136,106 Z',
    wheelX: [104, 300],
  },
  hatchback: {
    body: 'M40,142 L46,112 L106,102 L146,70 L296,70 L342,112 L352,142 Z',
    cabin: 'M152,76 L286,76 L318,104 L124,104 Z',
    wheelX: [104, 292],
  },
  minivan: {
    body: 'M26,142 L30,96 L78,86 L118,54 L346,54 L372,96 L378,142 Z',
    cabin: 'M126,60 L336,60 L356,90 L96,90 Z',
    wheelX: [96, 312],
  },
  convertible: {
    body: 'M30,142 L40,114 L120,106 L160,96 L278,96 L316,108 L372,116 L376,142 Z',
    cabin: 'M166,100 L176,84 L186,100 Z',
    wheelX: [104, 300],
  },
  wagon: {
    body: 'M30,142 L40,112 L108,104 L148,74 L338,74 L360,108 L374,142 Z',
    cabin: 'M156,80 L330,80 L346,104 L126,104 Z',
    wheelX: [100, 306],
  },
};

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
/** How a make draws: its grille, its lights, and its proportions (length and height factors). */
export type MakeStyle = { grille: Grille; lights: Lights; long: number; tall: number };

const MAKE_STYLES: Record<string, MakeStyle> = {
  audi: { grille: 'frame', lights: 'slim', long: 1.02, tall: 0.96 },
  bmw: { grille: 'kidney', lights: 'slim', long: 1.02, tall: 0.96 },
  buick: { grille: 'wide', lights: 'slim', long: 1, tall: 1 },
  cadillac: { grille: 'shield', lights: 'bar', long: 1.05, tall: 1 },
  chevrolet: { grille: 'crossbar', lights: 'square', long: 1, tall: 1.02 },
  chrysler: { grille: 'wide', lights: 'slim', long: 1.03, tall: 1 },
  dodge: { grille: 'crossbar', lights: 'square', long: 1.04, tall: 0.95 },
  ford: { grille: 'bars', lights: 'square', long: 1, tall: 1.03 },
  gmc: { grille: 'wide', lights: 'square', long: 1.03, tall: 1.06 },
  genesis: { grille: 'shield', lights: 'bar', long: 1.04, tall: 0.98 },
  honda: { grille: 'bars', lights: 'slim', long: 0.99, tall: 0.98 },
  hyundai: { grille: 'wide', lights: 'bar', long: 1, tall: 0.98 },
  jeep: { grille: 'slots', lights: 'round', long: 0.94, tall: 1.08 },
  kia: { grille: 'frame', lights: 'bar', long: 1, tall: 0.98 },
  lexus: { grille: 'spindle', lights: 'slim', long: 1.02, tall: 0.97 },
  mini: { grille: 'frame', lights: 'round', long: 0.86, tall: 1.02 },
  mazda: { grille: 'shield', lights: 'slim', long: 0.98, tall: 0.95 },
  'mercedes-benz': { grille: 'wide', lights: 'slim', long: 1.04, tall: 0.98 },
  nissan: { grille: 'frame', lights: 'slim', long: 1, tall: 1 },
  porsche: { grille: 'closed', lights: 'round', long: 0.96, tall: 0.86 },
  ram: { grille: 'bars', lights: 'square', long: 1.06, tall: 1.1 },
  rivian: { grille: 'closed', lights: 'round', long: 1, tall: 1.04 },
  subaru: { grille: 'frame', lights: 'square', long: 0.98, tall: 1.02 },
  tesla: { grille: 'closed', lights: 'slim', long: 1, tall: 0.95 },
  toyota: { grille: 'wide', lights: 'slim', long: 1, tall: 1 },
  volkswagen: { grille: 'bars', lights: 'slim', long: 0.97, tall: 1 },
  volvo: { grille: 'diagonal', lights: 'bar', long: 1.01, tall: 1.02 },
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
  if (!make) return { grille: 'wide', lights: 'slim', long: 1, tall: 1 };
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
  };
}

/** The interior colour: the second colour when the vehicle has one, else black or beige. */
export function interiorColor(primary: ColorName, secondary: ColorName | null): ColorName {
  if (secondary) return secondary;
  return primary === 'black' || primary === 'brown' || primary === 'blue' ? 'beige' : 'black';
}

const r = (value: number) => Math.round(value * 10) / 10;

/** A path through the points of `d` (M/L and numbers), stretched around the ground point. */
function stretched(d: string, long: number, tall: number, cx = 200, ground = 142): string {
  const numbers = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
  const points: string[] = [];
  for (let index = 0; index < numbers.length; index += 2)
    points.push(`${r(cx + (numbers[index]! - cx) * long)},${r(ground - (ground - numbers[index + 1]!) * tall)}`);
  return `M${points.join(' L')} Z`;
}

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

function sideView(body: BodyStyle, style: MakeStyle): string {
  const shape = SHAPES[body];
  const wheelX = shape.wheelX.map((x) => r(200 + (x - 200) * style.long));
  const front = r(200 + (372 - 200) * style.long);
  const back = r(200 + (32 - 200) * style.long);
  const lampY = r(142 - (142 - 118) * style.tall);
  return [
    `<path d="${stretched(shape.body, style.long, style.tall)}" fill="url(#paint)" stroke="#00000033" stroke-width="2"/>`,
    `<path d="${stretched(shape.cabin, style.long, style.tall)}" fill="#9fb6cc" opacity="0.85"/>`,
    lampSvg(style.lights, front - 6, lampY + 3, '#f6d36b'),
    `<rect x="${back}" y="${lampY}" width="10" height="7" rx="2" fill="#c2333b"/>`,
    wheelX
      .map(
        (x) =>
          `<circle cx="${x}" cy="142" r="26" fill="#202226"/><circle cx="${x}" cy="142" r="12" fill="#c9ced6"/><circle cx="${x}" cy="142" r="4" fill="#55595f"/>`,
      )
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
