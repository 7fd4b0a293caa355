import type { ProtectionPlan } from '../../app/lib/contract/checkout';
import type { DealType } from '../../app/lib/contract/orders';
import { roundHalfAwayFromZero } from '../../app/lib/shared/money';
import type { VehicleType } from '../../app/lib/shared/payments/constants';

// The built-in protection catalogue (seed 002 §2 "Protection plans", §3 "Protection products",
// §9 the Complete Protection facts). Four packages, priced from the vehicle: what it is (new,
// certified, used), what it costs, and how far it has gone. The figures are our own, in the
// range dealers charge for these products; they are documented in docs/sandbox-partners.md.

export type ProtectionVehicle = { type: VehicleType; priceCents: number; mileage: number };

/** Mechanical cover is not sold past this odometer reading. */
export const MECHANICAL_MAX_MILEAGE = 150_000;

const TYPE_FACTOR: Record<VehicleType, number> = { NEW: 0.8, CPO: 1, USED: 1.25 };

function roundToDollars(cents: number): number {
  return Math.round(cents / 100) * 100;
}

/** A package price: a base, plus a share of the price, scaled by the vehicle's type and miles. */
function mechanicalPriceCents(vehicle: ProtectionVehicle): number {
  const milesFactor = 1 + Math.min(vehicle.mileage, MECHANICAL_MAX_MILEAGE) / 100_000;
  return roundToDollars((120_000 + vehicle.priceCents * 0.03) * TYPE_FACTOR[vehicle.type] * milesFactor);
}

function appearancePriceCents(vehicle: ProtectionVehicle): number {
  return roundToDollars(59_500 + vehicle.priceCents * 0.01);
}

function gapPriceCents(vehicle: ProtectionVehicle): number {
  return roundToDollars(Math.min(99_500, 49_500 + vehicle.priceCents * 0.01));
}

/** Mechanical term and miles: shorter for a vehicle that has already gone far. */
function mechanicalTerm(vehicle: ProtectionVehicle): { termMonths: number; mileage: number } {
  if (vehicle.type === 'NEW' || vehicle.mileage < 36_000) return { termMonths: 60, mileage: 75_000 };
  if (vehicle.mileage < 80_000) return { termMonths: 48, mileage: 50_000 };
  return { termMonths: 36, mileage: 36_000 };
}

function monthly(packageCents: number, termMonths: number): number {
  return roundHalfAwayFromZero(packageCents / termMonths);
}

const CANCELLATION =
  'Cancel within 60 days for a 100% refund if there is no claim; after that, a pro-rated refund less a $50 fee.';

/**
 * The packages this vehicle can have on this deal: GAP only when a loan or lease can leave a
 * gap, mechanical cover only up to MECHANICAL_MAX_MILEAGE.
 */
export function getProtectionPlans(
  vehicle: ProtectionVehicle,
  deal: { dealType: DealType; termMonths: number },
): ProtectionPlan[] {
  const all: DealType[] = ['Cash', 'Finance', 'Lease'];
  const plans: ProtectionPlan[] = [];
  const appearance = appearancePriceCents(vehicle);
  plans.push({
    id: 'appearance',
    kind: 'appearance',
    name: 'Appearance Protection',
    summary: 'Keeps the paint, wheels, windshield and interior looking new.',
    details: [
      'Paintless dent and ding repair, with no limit on visits',
      'Wheel and tire repair or replacement after road hazards (a typical claim: $700)',
      'Windshield chip repair and interior stain and tear repair',
      CANCELLATION,
    ],
    termMonths: 36,
    mileage: null,
    deductibleCents: 0,
    packagePriceCents: appearance,
    monthlyPriceCents: monthly(appearance, 36),
    dealTypes: all,
  });
  if (vehicle.mileage <= MECHANICAL_MAX_MILEAGE) {
    const mechanical = mechanicalPriceCents(vehicle);
    const term = mechanicalTerm(vehicle);
    const both = roundToDollars((mechanical + appearance) * 0.9);
    plans.push(
      {
        id: 'mechanical',
        kind: 'mechanical',
        name: 'Mechanical Protection',
        summary: 'Pays for covered breakdowns of the engine, transmission and electronics.',
        details: [
          'Engine, transmission and drive axle (powertrain repairs run up to $2,030)',
          'Electrical and electronics, including the navigation screen (up to $1,120)',
          'Roadside assistance and a rental car while yours is repaired',
          CANCELLATION,
        ],
        termMonths: term.termMonths,
        mileage: term.mileage,
        deductibleCents: 10_000,
        packagePriceCents: mechanical,
        monthlyPriceCents: monthly(mechanical, term.termMonths),
        dealTypes: all,
      },
      {
        id: 'appearance-mechanical',
        kind: 'appearanceMechanical',
        name: 'Complete Protection',
        summary: 'Appearance and Mechanical Protection together, for 10% less.',
        details: [
          'Everything in Appearance Protection',
          'Everything in Mechanical Protection, with the same deductible',
          CANCELLATION,
        ],
        termMonths: term.termMonths,
        mileage: term.mileage,
        deductibleCents: 10_000,
        packagePriceCents: both,
        monthlyPriceCents: monthly(both, term.termMonths),
        dealTypes: all,
      },
    );
  }
  if (deal.dealType !== 'Cash') {
    const gap = gapPriceCents(vehicle);
    plans.push({
      id: 'gap',
      kind: 'gap',
      name: 'GAP Protection',
      summary: 'Pays what you still owe when the vehicle is totalled or stolen and insurance pays less.',
      details: [
        'Covers the difference between the insurance settlement and the loan or lease balance',
        'For example: a $30,000 balance, a $20,000 settlement, and your $1,000 insurance deductible are covered',
        'Lasts as long as your loan or lease',
        CANCELLATION,
      ],
      termMonths: deal.termMonths,
      mileage: null,
      deductibleCents: 0,
      packagePriceCents: gap,
      monthlyPriceCents: monthly(gap, deal.termMonths),
      dealTypes: ['Finance', 'Lease'],
    });
  }
  return plans;
}

/** The chosen plans that still apply (a switch to cash drops GAP; bundles replace their parts). */
export function pickPlans(plans: ProtectionPlan[], ids: readonly string[]): ProtectionPlan[] {
  const chosen = plans.filter((plan) => ids.includes(plan.id));
  if (chosen.some((plan) => plan.kind === 'appearanceMechanical')) {
    return chosen.filter((plan) => plan.kind !== 'appearance' && plan.kind !== 'mechanical');
  }
  return chosen;
}
