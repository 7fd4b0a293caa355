import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_ADDRESS_LIMIT, LEAD_ERROR_CODES } from '~/lib/contract/leads';
import { adfProblems } from '../support/adf-dtd';
import { insertVehicle } from './checkout-support';
import { errorCode, startStepHarness, type StepHarness } from './tracker-harness';

// Issue 35 point 4: every lead, from each form, is an ADF 1.0 message the DTD accepts (a
// /contact-us lead has its <vehicle> too, as prospect requires vehicle+), and leads are
// limited per client address as well as per e-mail: fresh e-mails from one address stop at
// LEAD_ADDRESS_LIMIT an hour. Its own harness, so no other test's leads count here.

let harness: StepHarness;
beforeAll(async () => {
  harness = await startStepHarness();
});
afterAll(async () => {
  await harness.close();
});

let sent = 0;
function lead(extra: Record<string, unknown> = {}) {
  sent += 1;
  const id = `${Date.now().toString(36)}-${sent}`;
  return {
    submissionId: `adf-${id}`,
    source: 'contactUs',
    firstName: 'Riley',
    lastName: 'Brooks',
    email: `adf.${id}@shop.test`,
    ...extra,
  };
}

describe('ADF for every lead', () => {
  it('sends each form’s lead as ADF 1.0 that the DTD accepts, with a vehicle', async () => {
    const vehicle = await insertVehicle(harness, { tenantId: 'default', make: 'Porsche', model: '911', year: 2021 });
    const bodies: string[] = [];
    for (const extra of [
      {},
      { comments: 'Do you take trade-ins?', phone: '5125550147', phoneConsent: true },
      { source: 'vehicle', vin: vehicle.vin },
      { source: 'vehicle', vin: '1HGCM82633A004352' },
      { source: 'paymentTooltip', vin: vehicle.vin },
    ]) {
      const before = harness.messages.sent.length;
      const response = await harness.call('/api/leads', { json: lead(extra) });
      expect(response.status).toBe(201);
      bodies.push(harness.messages.sent[before]!.body);
    }
    for (const body of bodies) {
      expect(adfProblems(body)).toEqual([]);
      expect(body).toMatch(/<vehicle [^>]*>/);
    }
    expect(bodies[2]).toContain('<make>Porsche</make>');
    // The checker itself refuses what the old /contact-us lead was: a prospect without a vehicle.
    const noVehicle = bodies[0]!.replace(/<vehicle[\s\S]*?<\/vehicle>/, '');
    expect(adfProblems(noVehicle).join()).toContain('do not match');
  });

  it(`takes ${LEAD_ADDRESS_LIMIT} leads an hour from one address, whatever the e-mail, then answers 429`, async () => {
    const answers: number[] = [];
    for (let index = 0; index < LEAD_ADDRESS_LIMIT + 4; index++) {
      const response = await harness.call('/api/leads', { tenantId: 'lakeview', json: lead() });
      answers.push(response.status);
      if (response.status === 429) expect(await errorCode(response)).toBe(LEAD_ERROR_CODES.rateLimited);
    }
    expect(answers.filter((status) => status === 201)).toHaveLength(LEAD_ADDRESS_LIMIT);
    expect(answers.slice(LEAD_ADDRESS_LIMIT).every((status) => status === 429)).toBe(true);
  });
});
