import { describe, expect, it } from 'vitest';
import { buildDetail } from '../../../tests/support/msw-inventory';
import { priceBreakdownRows, vehicleSpecRows } from './vehicle-page.server';

// Seed 001 §2: "New vehicles show MSRP when there are no incentives and MSRP is not 0";
// incentives as '-$N Incentives'; a used vehicle shows its price alone.
const detail = (type: 'NEW' | 'USED', msrp: number, incentivesTotal: number, price: number) =>
  buildDetail({ type, priceDetails: { msrp, incentivesTotal, price, savings: Math.max(0, msrp - price) } });

describe('the vehicle page as its loader words it', () => {
  it('breaks the price down: MSRP and what it saves on a new vehicle without incentives', () => {
    expect(priceBreakdownRows(detail('NEW', 32_000, 0, 30_000))).toEqual([
      { term: 'MSRP', value: '$32,000' },
      { term: 'You save', value: '$2,000', kind: 'saving' },
    ]);
    expect(priceBreakdownRows(detail('NEW', 30_000, 0, 30_000))).toEqual([{ term: 'MSRP', value: '$30,000' }]);
  });

  it('shows a new vehicle’s incentives instead, and nothing above the price of a used one', () => {
    expect(priceBreakdownRows(detail('NEW', 32_000, 1_500, 30_500))).toEqual([
      { term: 'Incentives', value: '-$1,500 Incentives', kind: 'incentives' },
    ]);
    expect(priceBreakdownRows(detail('USED', 32_000, 0, 19_495))).toEqual([]);
  });

  it('lists the specifications, MPG only when both figures are known', () => {
    const rows = vehicleSpecRows(buildDetail({ type: 'USED', mileage: 23_639 }));
    expect(rows).toContainEqual(['Condition', 'Used']);
    expect(rows).toContainEqual(['Mileage', '23,639 mi']);
    expect(rows).toContainEqual(['MPG', '32 city / 41 highway']);
    const noMpg = buildDetail();
    const withoutMpg = vehicleSpecRows({ ...noMpg, specs: { ...noMpg.specs, mpgHighway: null } });
    expect(withoutMpg.map(([term]) => term)).not.toContain('MPG');
  });
});
