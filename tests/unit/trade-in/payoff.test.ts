import { describe, expect, it } from 'vitest';
import { SandboxPayoffPartner, matchLender } from '#server/trade-in/payoff';

describe('the payoff lender list', () => {
  it('finds a listed lender whatever the case, spaces or punctuation', () => {
    expect(matchLender('ally financial').lender?.name).toBe('Ally Financial');
    expect(matchLender('US Bank').lender).toMatchObject({ name: 'U.S. Bank', requires: ['accountLast4', 'ssnLast4'] });
  });

  it('suggests a near miss and the lender a prefix names, and nothing for a stranger', () => {
    expect(matchLender('Aly Finacial')).toEqual({ lender: null, suggestion: 'Ally Financial' });
    expect(matchLender('Toyota')).toEqual({ lender: null, suggestion: 'Toyota Financial Services' });
    expect(matchLender('Zebra Credit Union')).toEqual({ lender: null, suggestion: null });
    expect(matchLender('  ')).toEqual({ lender: null, suggestion: null });
  });
});

describe('the sandbox payoff partner', () => {
  const partner = new SandboxPayoffPartner();
  const request = (vin: string) => ({ vin, lender: 'Ally Financial', accountLast4: '1234', lastName: 'Lane' });
  it('answers from the last character of the VIN', async () => {
    expect(await partner.quote(request('4T1BF1FK0MU123457'))).toEqual({ result: 'notFound' });
    expect(await partner.quote(request('4T1BF1FK0MU123458'))).toEqual({ result: 'failed' });
    expect(await partner.quote(request('4T1BF1FK0MU123459'))).toEqual({ result: 'unavailable' });
    const found = await partner.quote(request('4T1BF1FK0MU123456'));
    expect(found.result).toBe('found');
    expect(found).toEqual(await partner.quote(request('4T1BF1FK0MU123456')));
    if (found.result === 'found') {
      expect(found.balanceCents).toBeGreaterThanOrEqual(400_000);
      expect(found.balanceCents).toBeLessThan(2_400_000);
    }
  });
});
