import type { DealStatusCode, DealType, OrderStatus } from '../contract/orders';
import { isOneOf, keysOf } from '../shared/guards';

// Deal facts the step rules read, in the names of commerce-api.md: the codes the rules check
// get a name, the others keep their code; SIGN, SUBF, BOOK and FUND are the signed states.

export const DEAL_STATUS_NAMES = {
  APEN: 'PENDING_APPROVAL',
  UACC: 'USER_ACCEPTED',
  UDEC: 'USER_DECLINED',
  VEXP: 'VERIFICATION_EXPIRED',
  UNKNOWN: 'UNKNOWN',
} as const satisfies Partial<Record<DealStatusCode, string>>;

type NamedCode = keyof typeof DEAL_STATUS_NAMES;
const NAMED_CODES = keysOf(DEAL_STATUS_NAMES);
export type DealStatusName = (typeof DEAL_STATUS_NAMES)[NamedCode] | Exclude<DealStatusCode, NamedCode>;

/** What each deal status code means, in seed 001 §4's words: what the shopper reads, never the code. */
export const DEAL_STATUS_MEANINGS = {
  UNKNOWN: 'unknown',
  DPEN: 'decision pending',
  LNSEL: 'lender not selected',
  LDEC: 'all lenders declined',
  LTIM: 'lender timeout',
  LSEL: 'lender selected',
  APEN: 'pending approval',
  UACC: 'user accepted',
  UDEC: 'user declined',
  SIGN: 'signed',
  CANC: 'canceled',
  CSAV: 'saved',
  CFAIL: 'save failed',
  VPEN: 'submitted for verification',
  VEXP: 'verification expired',
  VRFA: 'verification failed',
  VRWR: 'verified with warnings',
  VRFY: 'verified',
  SUBS: 'submitted for signing',
  PSIGN: 'partially signed',
  SUBF: 'submitted for funding',
  BOOK: 'booked',
  FUND: 'funded',
  PDOC: 'pending docs',
  RTRN: 'returned',
} as const satisfies Record<DealStatusCode, string>;

/** 'Submitted for funding' for SUBF; `empty` when the deal has no status yet. */
export function describeDealStatus(code: DealStatusCode | null | undefined, empty: string): string {
  if (!code) return empty;
  const meaning: string = DEAL_STATUS_MEANINGS[code];
  return meaning.charAt(0).toUpperCase() + meaning.slice(1);
}

export const SIGNED_DEAL_STATUSES: readonly DealStatusCode[] = ['SIGN', 'SUBF', 'BOOK', 'FUND'];

/** The name the rules use for a deal status code; null when the deal has no status. */
export function getDealStatusName(code: DealStatusCode | null | undefined): DealStatusName | null {
  if (!code) return null;
  return isOneOf(NAMED_CODES, code) ? DEAL_STATUS_NAMES[code] : code;
}

export function isSignedDealStatus(code: DealStatusCode | null | undefined): boolean {
  return Boolean(code && SIGNED_DEAL_STATUSES.includes(code));
}

/** What the shopper decided about the deal (seed 000 §4.3, deal review: a separate outcome). */
export type DealOutcome = 'accepted' | 'declined' | 'pending';

export function getDealOutcome(code: DealStatusCode | null | undefined): DealOutcome {
  const name = getDealStatusName(code);
  if (name === 'USER_ACCEPTED' || isSignedDealStatus(code)) return 'accepted';
  if (name === 'USER_DECLINED') return 'declined';
  return 'pending';
}

/** A Lease deal follows the Finance rules (commerce-api.md): only Cash is tracked as cash. */
export function isCashDeal(type: DealType): boolean {
  return type === 'Cash';
}

/** Off-ramp: OFFRAMP now or in any history entry (commerce-api.md). */
export function isOffRampOrder(
  orderStatus: OrderStatus,
  history: ReadonlyArray<{ values: { orderStatus: OrderStatus } }>,
): boolean {
  return orderStatus === 'OFFRAMP' || history.some((entry) => entry.values.orderStatus === 'OFFRAMP');
}
