import { describe, expect, it } from 'vitest';
import { formatCountdown, isHoldLapsed, minutesLeft, secondsLeftNow } from '~/lib/checkout/hold';
import { planIdsAfterAdding, planIdsAfterRemoving, plansFor, protectionStatusText } from '~/lib/checkout/protection';
import { buildPlan } from '../../support/msw-checkout';

const appearance = buildPlan('appearance');
const mechanical = buildPlan('mechanical');
const both = buildPlan('appearanceMechanical');
const gap = buildPlan('gap');

describe('protection choices (seed 002 §2 packages)', () => {
  it('GAP is only offered for finance and lease', () => {
    expect(plansFor([appearance, gap], 'Cash').map((plan) => plan.kind)).toEqual(['appearance']);
    expect(plansFor([appearance, gap], 'Lease').map((plan) => plan.kind)).toEqual(['appearance', 'gap']);
  });

  it('the appearance-plus-mechanical package replaces either single plan, and back', () => {
    expect(planIdsAfterAdding([appearance, gap], both)).toEqual([gap.id, both.id]);
    expect(planIdsAfterAdding([both], mechanical)).toEqual([mechanical.id]);
    expect(planIdsAfterAdding([appearance], mechanical)).toEqual([appearance.id, mechanical.id]);
    expect(planIdsAfterAdding([appearance], appearance)).toEqual([appearance.id]);
  });

  it('removes one plan and keeps the others', () => {
    expect(planIdsAfterRemoving([appearance, gap], gap.id)).toEqual([appearance.id]);
  });

  it('says what the cart holds: added, declined, or nothing yet', () => {
    expect(protectionStatusText({ status: 'added', plans: [appearance, gap] })).toBe(
      'Added: Appearance Protection, GAP Coverage',
    );
    expect(protectionStatusText({ status: 'declined', plans: [] })).toBe('You declined vehicle protection.');
    expect(protectionStatusText({ status: 'undecided', plans: [] })).toBe('No protection plan added yet.');
  });
});

describe('hold timer arithmetic', () => {
  it('counts down from the seconds the API sent, never below zero', () => {
    expect(secondsLeftNow(1800, 61_500)).toBe(1739);
    expect(secondsLeftNow(10, 60_000)).toBe(0);
  });

  it('formats the countdown and the whole minutes shown without JavaScript', () => {
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(754)).toBe('12:34');
    expect(formatCountdown(59)).toBe('0:59');
    expect(minutesLeft(1739)).toBe(29);
    expect(minutesLeft(1)).toBe(1);
    expect(minutesLeft(0)).toBe(0);
  });

  it('a hold has lapsed when no seconds are left; a placed cart (no expiry) never lapses', () => {
    expect(isHoldLapsed({ expiresAt: new Date().toISOString(), secondsLeft: 0, timerVisible: true })).toBe(true);
    expect(isHoldLapsed({ expiresAt: new Date().toISOString(), secondsLeft: 5, timerVisible: false })).toBe(false);
    expect(isHoldLapsed({ expiresAt: null, secondsLeft: 0, timerVisible: true })).toBe(false);
    expect(isHoldLapsed(null)).toBe(false);
  });
});
