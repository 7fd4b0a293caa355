import { describe, expect, it } from 'vitest';
import { APPLICANT_MESSAGES as M } from '~/lib/shared/validation/applicant-messages';
import { checkAddressZip, checkStepZips } from '~/lib/shared/validation/zip-check.server';

// Seed 002 §5 row "State and zip": state and zip must match, city and zip must match, and
// unsupported zips are rejected; checked against the zip table (seed 002 §8 wording).

describe('State and zip (row State and zip)', () => {
  it('accepts a zip that matches its state and city', async () => {
    expect(await checkAddressZip({ zip: '43215', state: 'OH', city: 'Columbus' })).toBeNull();
    expect(await checkAddressZip({ zip: '63101', state: 'MO', city: 'St. Louis' })).toBeNull();
    expect(await checkAddressZip({ zip: '43215', state: 'OH', city: ' columbus ' })).toBeNull();
  });

  it("says the seed's message when the state and the zip do not match", async () => {
    expect(M.zip.stateMismatch).toBe(
      "Looks like your state and Zip code don't match. Please check them and try again.",
    );
    expect(await checkAddressZip({ zip: '43215', state: 'IN', city: 'Columbus' })).toEqual({
      field: 'zip',
      message: M.zip.stateMismatch,
    });
  });

  it('refuses a city that the zip does not serve', async () => {
    expect(await checkAddressZip({ zip: '43215', state: 'OH', city: 'Cleveland' })).toEqual({
      field: 'zip',
      message: M.zip.cityMismatch,
    });
  });

  it('refuses unsupported zips: unknown ones and those outside the states and DC', async () => {
    expect(await checkAddressZip({ zip: '00000', state: 'OH', city: 'Columbus' })).toEqual({
      field: 'zip',
      message: M.zip.unsupported,
    });
    expect(await checkAddressZip({ zip: '00601', state: 'OH', city: 'Adjuntas' })).toEqual({
      field: 'zip',
      message: M.zip.unsupported,
    });
    expect(await checkAddressZip({ zip: '20001', state: 'DC', city: 'Washington' })).toBeNull();
  });

  it("leaves a malformed zip to the zip field's own rule", async () => {
    expect(await checkAddressZip({ zip: '4321', state: 'OH' })).toBeNull();
  });

  it('names the fields of every address of a step as the form does', async () => {
    const personal = {
      address: { zip: '43215', state: 'IN', city: 'Columbus' },
      coBuyer: { address: { zip: '43215', state: 'OH', city: 'Toledo' } },
    };
    expect(await checkStepZips('personal', personal)).toEqual({
      'address.zip': [M.zip.stateMismatch],
      'coBuyer.address.zip': [M.zip.cityMismatch],
    });
    const housing = {
      previousAddresses: [
        { zip: '43215', state: 'OH', city: 'Columbus' },
        { zip: '99999', state: 'OH', city: 'Columbus' },
      ],
    };
    expect(await checkStepZips('housing', housing)).toEqual({ 'previousAddresses[1].zip': [M.zip.unsupported] });
  });
});
