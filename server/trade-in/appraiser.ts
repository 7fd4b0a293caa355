import type { AppraisalRequest, TradeInOutcome, TradeInReason } from '../../app/lib/contract/trade-in';
import { OFFER_TIME_ZONE, reviewReadyAt } from './offer-hours';
import { findModel, offerCents, type Condition } from './valuation';
import { localDate } from '../../app/lib/shared/dealer-time';

// The appraisal partner seam: the built-in backend asks an Appraiser for an offer; the
// sandbox below answers from the valuation model, and a real partner plugs in behind the same
// interface. The sandbox's outcome follows the answers, so tests reach each one:
// - denied:     the shopper is not an owner on the title;
// - ineligible: a car the catalogue does not know, older than 20 model years (collectibles
//               excepted) or past 200,000 miles;
// - review:     rough condition, past 150,000 miles, or an offer of $75,000 or more;
// - instant:    everything else.

export type AppraisalInput = AppraisalRequest & { year: number; make: string };
export type AppraiserAnswer = {
  outcome: TradeInOutcome;
  offerCents: number | null;
  reasons: TradeInReason[];
  readyAt: Date | null;
};

export interface Appraiser {
  appraise(input: AppraisalInput, now: Date): Promise<AppraiserAnswer>;
}

export const MAX_AGE_YEARS = 20;
export const INELIGIBLE_MILES = 200_000;
export const REVIEW_MILES = 150_000;
export const REVIEW_VALUE_CENTS = 7_500_000;

export function currentModelYear(now: Date): number {
  return Number(localDate(now, OFFER_TIME_ZONE).slice(0, 4));
}

export class SandboxAppraiser implements Appraiser {
  async appraise(input: AppraisalInput, now: Date): Promise<AppraiserAnswer> {
    const none = (outcome: TradeInOutcome, reasons: TradeInReason[]): AppraiserAnswer => ({
      outcome,
      offerCents: null,
      reasons,
      readyAt: null,
    });
    if (!input.onTitle) return none('denied', ['notOnTitle']);
    const currentYear = currentModelYear(now);
    const model = findModel(input.make, input.model);
    const value = offerCents(
      { ...input, condition: input.condition as Condition, state: input.registrationState },
      currentYear,
    );
    if (!model || value === null) return none('ineligible', ['unknownVehicle']);
    if (currentYear - input.year > MAX_AGE_YEARS && !model.collectible) return none('ineligible', ['tooOld']);
    if (input.mileage > INELIGIBLE_MILES) return none('ineligible', ['tooManyMiles']);
    const reasons: TradeInReason[] = [];
    if (input.condition === 'Rough') reasons.push('condition');
    if (input.mileage > REVIEW_MILES) reasons.push('highMileage');
    if (value >= REVIEW_VALUE_CENTS) reasons.push('highValue');
    if (reasons.length > 0) return { outcome: 'review', offerCents: value, reasons, readyAt: reviewReadyAt(now) };
    return { outcome: 'instant', offerCents: value, reasons: [], readyAt: null };
  }
}
