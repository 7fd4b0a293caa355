import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFER_VALID_DAYS } from '~/lib/contract/trade-in-constants';
import { LEASE_MAX_AGE_YEARS, LEASE_MIN_PRICE_CENTS } from '~/lib/shared/payments/constants';
import { formatUsd } from '~/lib/shared/money';
import { INELIGIBLE_MILES, MAX_AGE_YEARS, REVIEW_MILES, REVIEW_VALUE_CENTS } from '#server/trade-in/appraiser';
import { PAYOFF_LENDERS, SandboxPayoffPartner } from '#server/trade-in/payoff';

// docs/sandbox-partners.md is how a tester drives each partner by hand (issue 35 point 7: it had
// no trade-in or payoff inputs). Its figures are read from the sandboxes' own constants, and the
// payoff answers it promises are asked of the sandbox, so the page cannot drift from the code.

const doc = readFileSync(path.join(process.cwd(), 'docs/sandbox-partners.md'), 'utf8');
/** A section's text, its lines joined (prettier wraps the prose). */
function section(title: string): string {
  const start = doc.indexOf(`## ${title}\n`);
  return doc.slice(start, doc.indexOf('\n## ', start + 3)).replace(/\s+/g, ' ');
}
const miles = (value: number) => `${value.toLocaleString('en-US')} miles`;

describe('docs/sandbox-partners.md', () => {
  it('gives the trade-in appraiser’s inputs and thresholds', () => {
    const appraiser = section('Trade-in appraiser');
    expect(appraiser).toContain(`more than ${MAX_AGE_YEARS} model years old`);
    expect(appraiser).toContain(`more than ${miles(INELIGIBLE_MILES)}`);
    expect(appraiser).toContain(`more than ${miles(REVIEW_MILES)}`);
    expect(appraiser).toContain(`an offer of ${formatUsd(REVIEW_VALUE_CENTS)} or more`);
    expect(appraiser).toContain(`valid for ${OFFER_VALID_DAYS} days`);
  });

  it('lists every payoff lender and the VIN endings that pick each answer, as the sandbox answers', async () => {
    const payoff = section('Payoff partner');
    for (const lender of PAYOFF_LENDERS) expect(payoff).toContain(lender.name);
    const partner = new SandboxPayoffPartner();
    const ask = (vin: string) =>
      partner.quote({ vin, lender: 'Ally Financial', accountLast4: '1234', lastName: 'Rivera' });
    expect(await ask('4T1BF1FK5CU500007')).toEqual({ result: 'notFound' });
    expect(await ask('4T1BF1FK5CU500008')).toEqual({ result: 'failed' });
    expect(await ask('4T1BF1FK5CU500009')).toEqual({ result: 'unavailable' });
    expect(payoff).toMatch(/\| 7 +\| loan not found/);
    expect(payoff).toMatch(/\| 8 +\| the quote could not be retrieved/);
    expect(payoff).toMatch(/\| 9 +\| technical difficulties/);
  });

  it('states the lender’s lease rule', () => {
    expect(section('Lender')).toContain(
      `at most ${LEASE_MAX_AGE_YEARS} model years old (model year ${2026 - LEASE_MAX_AGE_YEARS} and newer in 2026) and priced at ${formatUsd(LEASE_MIN_PRICE_CENTS)} or more`,
    );
  });
});
