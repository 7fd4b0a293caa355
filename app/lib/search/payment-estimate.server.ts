import { purchaseTypesForVehicle } from '~/lib/checkout/deal-terms';
import type { VehicleDetail } from '~/lib/contract/inventory';
import type { DealType } from '~/lib/contract/orders';
import type { Tenant } from '~/lib/shared/tenant/schema';
import type { PricingPlace } from '~/lib/shared/pricing/state-fees';
import type { CalculatorOptions } from './calculator-choices';
import {
  calculatorOptions,
  estimateCalculator,
  getCalculatorSetup,
  readCalculatorParams,
  type CalculatorEstimate,
} from './payment-calculator';

// The vehicle page calculator's figures for the choices in a query (the page's URL, or the
// calculator's question to /resources/payment-estimate): one function, so the page's first
// figures and every later answer are worked out the same way (decision 103).

export type VehicleCalculator = {
  /** The purchase types offered for the vehicle (Finance left out when no loan fits it, Lease when no lender leases it). */
  dealTypes: DealType[];
  /** Why a purchase type is missing, said on the Start purchase form. */
  note: string | null;
  /**
   * The calculator: its purchase types, its fields' options and the figures for the query's
   * choices; null for a sold vehicle or when nothing can be offered.
   */
  calculator: { dealTypes: DealType[]; options: CalculatorOptions; estimate: CalculatorEstimate } | null;
};

export function vehicleCalculator(
  tenant: Pick<Tenant, 'contracting'>,
  vehicle: VehicleDetail,
  params: URLSearchParams,
  place: PricingPlace,
  currentYear = new Date().getUTCFullYear(),
): VehicleCalculator {
  // Finance is left out when the price cannot carry the lender's minimum (issue 18 point 5), Lease
  // when the lender would not lease the vehicle (issue 35 point 5).
  const { dealTypes, note } = purchaseTypesForVehicle(tenant.contracting, {
    year: vehicle.year,
    priceCents: vehicle.price * 100,
  });
  const setup = vehicle.status === 'Sold' ? null : getCalculatorSetup(vehicle, dealTypes);
  const calculator = setup
    ? {
        dealTypes: setup.dealTypes,
        options: calculatorOptions(setup.dealTypes),
        estimate: estimateCalculator(vehicle, readCalculatorParams(params, setup, vehicle), currentYear, place),
      }
    : null;
  return { dealTypes, note, calculator };
}
