import { describe, expect, it } from 'vitest';
import {
  COMPARE_LIMIT,
  COMPARE_MESSAGES,
  addToCompare,
  compareHref,
  readCompareList,
  removeFromCompare,
  writeCompareList,
} from './compare';

const VINS = [
  '2HGXR4ELXRH000063',
  '2HGXR4EL4RH000043',
  '1GYPMF190TR000061',
  '5YJ99S119HF000026',
  '3KPCRW6G6T5000011',
] as const;

describe('the compare list', () => {
  it('reads VINs only, each once, in order, at most the limit', () => {
    expect(readCompareList(`${VINS[0]}.nonsense.${VINS[1].toLowerCase()}.${VINS[0]}`)).toEqual([VINS[0], VINS[1]]);
    expect(readCompareList(VINS.join(','))).toHaveLength(COMPARE_LIMIT);
    expect(readCompareList(null)).toEqual([]);
    expect(readCompareList([VINS[2], 'x'])).toEqual([VINS[2]]);
  });

  it('writes what it reads', () => {
    expect(readCompareList(writeCompareList(VINS.slice(0, 3)))).toEqual(VINS.slice(0, 3));
  });

  it('adds at the end, once, and refuses a fifth vehicle with the limit', () => {
    let list: string[] = [];
    for (const vin of VINS.slice(0, 4)) {
      const change = addToCompare(list, vin);
      expect(change.ok).toBe(true);
      list = change.vins;
    }
    expect(addToCompare(list, VINS[1]!)).toEqual({ ok: true, vins: list });
    expect(addToCompare(list, VINS[4]!)).toEqual({ ok: false, reason: 'limit', vins: list });
    expect(COMPARE_MESSAGES.limit).toBe('You can compare up to 4 vehicles. Remove one to add another.');
  });

  it('removes, and refuses what is not a VIN', () => {
    expect(removeFromCompare(VINS.slice(0, 2), VINS[0]!)).toEqual({ ok: true, vins: [VINS[1]] });
    expect(addToCompare([], 'not-a-vin')).toEqual({ ok: false, reason: 'invalid', vins: [] });
  });

  it('builds a shareable link', () => {
    expect(compareHref([])).toBe('/compare');
    expect(compareHref(VINS.slice(0, 2))).toBe(`/compare?vin=${VINS[0]}&vin=${VINS[1]}`);
  });
});
