import { isColorName, type ColorName } from '../../../app/lib/shared/vehicle-art';

// Makers name their paints ("Blueprint", "Gun Metallic", "Soul Red Crystal"); the search filters
// and the drawings know colour families. A dealer's name is kept for shoppers to read
// (vehicles.color_name) and mapped here to its family; a name the dictionary does not know is
// "other", never a refused row (issue 35 point 5, decision 094).

/**
 * Words of makers' paint names that say their family without naming it. Read word by word,
 * after the family names themselves ("Magnetic Gray Metallic" is gray by "gray").
 */
const PAINT_WORDS: Record<string, ColorName> = {
  // white
  pearl: 'white',
  ivory: 'white',
  alabaster: 'white',
  snow: 'white',
  glacier: 'white',
  frost: 'white',
  arctic: 'white',
  chalk: 'white',
  // black
  ebony: 'black',
  obsidian: 'black',
  onyx: 'black',
  jet: 'black',
  carbon: 'black',
  raven: 'black',
  panther: 'black',
  // silver
  platinum: 'silver',
  titanium: 'silver',
  sterling: 'silver',
  quicksilver: 'silver',
  iridium: 'silver',
  lunar: 'silver',
  celestial: 'silver',
  // gray
  grey: 'gray',
  gun: 'gray',
  gunmetal: 'gray',
  graphite: 'gray',
  charcoal: 'gray',
  slate: 'gray',
  granite: 'gray',
  magnetic: 'gray',
  steel: 'gray',
  smoke: 'gray',
  ash: 'gray',
  cement: 'gray',
  // red
  crimson: 'red',
  ruby: 'red',
  cherry: 'red',
  scarlet: 'red',
  cardinal: 'red',
  garnet: 'red',
  maroon: 'red',
  burgundy: 'red',
  rosso: 'red',
  cajun: 'red',
  // blue
  blueprint: 'blue',
  navy: 'blue',
  sapphire: 'blue',
  cobalt: 'blue',
  azure: 'blue',
  indigo: 'blue',
  cerulean: 'blue',
  aqua: 'blue',
  // green
  emerald: 'green',
  jade: 'green',
  olive: 'green',
  forest: 'green',
  sage: 'green',
  moss: 'green',
  lime: 'green',
  // brown
  bronze: 'brown',
  mocha: 'brown',
  espresso: 'brown',
  chestnut: 'brown',
  cocoa: 'brown',
  java: 'brown',
  // beige
  tan: 'beige',
  gold: 'beige',
  sand: 'beige',
  champagne: 'beige',
  khaki: 'beige',
  desert: 'beige',
  // orange
  copper: 'orange',
  amber: 'orange',
  tangerine: 'orange',
  // yellow
  lemon: 'yellow',
  mustard: 'yellow',
};

/** A paint name's colour family: a family named in it, else a paint word, else "other". */
export function colourFamily(name: string): ColorName {
  const words = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (const word of words) if (word !== 'other' && isColorName(word)) return word;
  for (const word of words) if (Object.hasOwn(PAINT_WORDS, word)) return PAINT_WORDS[word]!;
  return 'other';
}
