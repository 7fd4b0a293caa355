// Draws a side view of a vehicle as SVG, by body style and colour(s). Pure and isomorphic.

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
} as const;
export type ColorName = keyof typeof COLORS;

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

export function drawVehicleSvg(
  body: BodyStyle,
  primary: ColorName,
  secondary: ColorName | null,
  title?: string,
): string {
  const shape = SHAPES[body];
  const main = COLORS[primary];
  const roof = secondary ? COLORS[secondary] : main;
  const label = escapeXml(title ?? `${secondary ? `${primary} and ${secondary}` : primary} ${body}`);
  const wheels = shape.wheelX
    .map(
      (x) =>
        `<circle cx="${x}" cy="142" r="26" fill="#202226"/><circle cx="${x}" cy="142" r="12" fill="#c9ced6"/><circle cx="${x}" cy="142" r="4" fill="#55595f"/>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef2f7"/><stop offset="1" stop-color="#dfe5ed"/></linearGradient>',
    `<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${roof}"/><stop offset="0.45" stop-color="${main}"/><stop offset="1" stop-color="${main}" stop-opacity="0.85"/></linearGradient></defs>`,
    '<rect width="400" height="200" fill="url(#sky)"/>',
    '<ellipse cx="200" cy="170" rx="180" ry="10" fill="#000" opacity="0.12"/>',
    `<path d="${shape.body}" fill="url(#paint)" stroke="#00000033" stroke-width="2"/>`,
    `<path d="${shape.cabin}" fill="#9fb6cc" opacity="0.85"/>`,
    '<rect x="360" y="118" width="14" height="6" rx="2" fill="#f6d36b"/><rect x="30" y="120" width="10" height="6" rx="2" fill="#c2333b"/>',
    wheels,
    '</svg>',
  ].join('');
}
