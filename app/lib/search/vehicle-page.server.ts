import type { VehicleDetail } from '~/lib/contract/inventory';
import { isOneOf, keysOf } from '~/lib/shared/guards';
import { formatMiles, formatUsd } from '~/lib/shared/money';
import { getPriceNote } from './card-model';
import { BODY_STYLE_LABELS, TYPE_LABELS } from './vehicle-labels';

// The vehicle page's specifications and price breakdown, worded here for the loader: the page's
// JavaScript only lists them (decision 103).

/** The specifications as the page lists them: a term and its value, MPG only when both figures are known. */
export function vehicleSpecRows(
  vehicle: Pick<VehicleDetail, 'type' | 'mileage' | 'specs' | 'vin'>,
): [string, string][] {
  const { specs } = vehicle;
  const mpg =
    specs.mpgCity !== null && specs.mpgHighway !== null ? `${specs.mpgCity} city / ${specs.mpgHighway} highway` : null;
  return [
    ['Condition', TYPE_LABELS[vehicle.type]],
    ['Mileage', formatMiles(vehicle.mileage)],
    [
      'Body style',
      isOneOf(keysOf(BODY_STYLE_LABELS), specs.bodyStyle) ? BODY_STYLE_LABELS[specs.bodyStyle] : specs.bodyStyle,
    ],
    ['Exterior colour', specs.exteriorColor],
    ['Drivetrain', specs.drivetrain],
    ['Engine', specs.engine],
    ['Transmission', specs.transmission],
    ['Fuel', specs.fuelType],
    ...(mpg ? [['MPG', mpg] satisfies [string, string]] : []),
    ['Seats', String(specs.seats)],
    ['VIN', vehicle.vin],
  ];
}

/** A line of the price breakdown above its total: a saving and incentives are marked as such. */
export type PriceBreakdownRow = { term: string; value: string; kind?: 'saving' | 'incentives' };

/**
 * The price breakdown's lines above the price (seed 001 §2): the MSRP, and what it saves, only for
 * a new vehicle without incentives; a new vehicle's incentives as '-$N Incentives'; nothing for a
 * used vehicle, which shows its price alone.
 */
export function priceBreakdownRows(vehicle: Pick<VehicleDetail, 'type' | 'priceDetails'>): PriceBreakdownRow[] {
  const { msrp, price, incentivesTotal } = vehicle.priceDetails;
  const note = getPriceNote({ type: vehicle.type, msrp, incentivesTotal });
  if (note?.kind === 'incentives') return [{ term: 'Incentives', value: note.text, kind: 'incentives' }];
  if (note?.kind !== 'msrp') return [];
  const rows: PriceBreakdownRow[] = [{ term: 'MSRP', value: formatUsd(msrp * 100) }];
  if (msrp > price) rows.push({ term: 'You save', value: formatUsd((msrp - price) * 100), kind: 'saving' });
  return rows;
}
