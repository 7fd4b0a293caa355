import { describe, expect, it } from 'vitest';
import { buildVin, isValidVin, modelYearCode, vinCheckDigit } from '../../server/db/seed-data/vin';

describe('VIN', () => {
  it('computes the check digit of known VINs', () => {
    // The worked example of 49 CFR 565 (check digit X) and a common test VIN.
    expect(vinCheckDigit('1M8GDM9A0KP042788')).toBe('X');
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('11111111111111111')).toBe(true);
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
  });

  it('rejects I, O, Q and wrong lengths', () => {
    expect(isValidVin('1M8GDM9AXKP04278')).toBe(false);
    expect(isValidVin('IM8GDM9AXKP042788')).toBe(false);
    expect(isValidVin('1M8GDM9AXKPO42788')).toBe(false);
    expect(isValidVin('1M8GDM9AXKP04278Q')).toBe(false);
  });

  it('codes model years in 30-year cycles', () => {
    expect(modelYearCode(1981)).toBe('B');
    expect(modelYearCode(2000)).toBe('Y');
    expect(modelYearCode(2001)).toBe('1');
    expect(modelYearCode(2010)).toBe('A');
    expect(modelYearCode(2026)).toBe('T');
    expect(modelYearCode(2027)).toBe('V');
  });

  it('builds valid VINs with the year and serial in place', () => {
    const vin = buildVin({ wmi: '5YJ', descriptor: '3E1EA', year: 2026, plant: 'F', serial: 42 });
    expect(vin).toHaveLength(17);
    expect(isValidVin(vin)).toBe(true);
    expect(vin[9]).toBe('T');
    expect(vin.slice(11)).toBe('000042');
    expect(() => buildVin({ wmi: '5YJ', descriptor: '3E1EA', year: 2026, plant: 'F', serial: 1_000_000 })).toThrow();
  });
});

describe('decoding the model year', () => {
  it('picks the latest year of the code not after the latest model year on sale', async () => {
    const { decodeModelYear } = await import('~/lib/shared/vin');
    expect(decodeModelYear('1M8GDM9AXKP042788', 2027)).toBe(2019);
    expect(decodeModelYear('1M8GDM9AXYP042788', 2027)).toBe(2000);
    expect(decodeModelYear('1M8GDM9AXTP042788', 2027)).toBe(2026);
    expect(decodeModelYear('1M8GDM9AXVP042788', 2027)).toBe(2027);
    expect(decodeModelYear('1M8GDM9AXWP042788', 2027)).toBe(1998);
    expect(decodeModelYear('1M8GDM9AXUP042788', 2027)).toBeNull();
  });
});
