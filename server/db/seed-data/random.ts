// A small seeded generator so the same seed input always gives the same demo data.
// sfc32 (Chris Doty-Humphrey's "small fast counting" generator): 128 bits of state,
// good statistical quality and no dependency. Not for anything secret.

/** Hashes a string to four 32-bit words (a variant of FNV-1a with different offsets per word). */
function hashToState(text: string): [number, number, number, number] {
  const state: [number, number, number, number] = [0x811c9dc5, 0x050c5d1f, 0x1b873593, 0x6a09e667];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    for (let w = 0; w < 4; w++) {
      state[w] = Math.imul(state[w]! ^ code, 0x01000193 + w * 2);
    }
  }
  // Mix the words into each other so similar strings diverge at once.
  for (let round = 0; round < 4; round++) {
    for (let w = 0; w < 4; w++) {
      const next = state[(w + 1) % 4]!;
      state[w] = Math.imul(state[w]! ^ (next >>> 15), 0x2c1b3c6d) ^ (next << 7);
    }
  }
  return state;
}

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not add up to anything in particular. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  /** Roughly normal (sum of uniforms), mean 0 and standard deviation 1. */
  normal(): number;
  /** A version-4-shaped UUID made from the stream (deterministic, not random). */
  uuid(): string;
  /** A new, independent stream derived from this one and a label. */
  fork(label: string): Random;
};

export function createRandom(seed: string): Random {
  let [a, b, c, d] = hashToState(seed);
  function next(): number {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  // Warm up: the first outputs of a freshly hashed state are the least mixed.
  for (let i = 0; i < 12; i++) next();

  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick(items) {
      if (items.length === 0) throw new Error('cannot pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted(items, weight) {
      let total = 0;
      for (const item of items) total += weight(item);
      let target = next() * total;
      for (const item of items) {
        target -= weight(item);
        if (target < 0) return item;
      }
      return items[items.length - 1]!;
    },
    normal() {
      let sum = 0;
      for (let i = 0; i < 6; i++) sum += next();
      return (sum - 3) / Math.sqrt(0.5);
    },
    uuid() {
      const hex: string[] = [];
      for (let i = 0; i < 4; i++)
        hex.push(
          Math.floor(next() * 4294967296)
            .toString(16)
            .padStart(8, '0'),
        );
      const raw = hex.join('');
      const variant = ((parseInt(raw[16]!, 16) & 0x3) | 0x8).toString(16);
      return `${raw.slice(0, 8)}-${raw.slice(8, 12)}-4${raw.slice(13, 16)}-${variant}${raw.slice(17, 20)}-${raw.slice(20, 32)}`;
    },
    fork: (label) => createRandom(`${seed}/${label}/${Math.floor(next() * 4294967296)}`),
  };
  return random;
}
