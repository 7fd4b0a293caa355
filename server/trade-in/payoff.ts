import { closest, distance } from 'fastest-levenshtein';
import type { PayoffField, PayoffQuoteRequest } from '../../app/lib/contract/trade-in';

// The payoff partner seam (seed 002 §2 "Payoff quote", §5, §8). A lender must be in the list;
// each asks for its own identifying fields. The sandbox answers from the VIN and the lender:
// the last character of the VIN picks the answer, so tests reach every screen:
//   '7' → loan not found (the shopper may enter an estimate),
//   '8' → the quote could not be retrieved,
//   '9' → technical difficulties,
//   anything else → found, with a balance derived from the VIN and the lender.
// Nothing of the request is logged or stored except the lender and the account's last 4.

export type PayoffLender = { name: string; requires: PayoffField[] };

/** Sandbox lenders and what each requires (the real list is the payoff partner's). */
export const PAYOFF_LENDERS: readonly PayoffLender[] = [
  { name: 'Ally Financial', requires: ['accountLast4', 'lastName'] },
  { name: 'Bank of America', requires: ['accountLast4', 'ssnLast4'] },
  { name: 'Capital One Auto Finance', requires: ['accountLast4', 'lastName'] },
  { name: 'Chase Auto', requires: ['accountLast4', 'ssnLast4'] },
  { name: 'Ford Credit', requires: ['lastName', 'ssnLast4'] },
  { name: 'GM Financial', requires: ['accountLast4', 'lastName'] },
  { name: 'Honda Financial Services', requires: ['accountLast4', 'lastName'] },
  { name: 'Hyundai Motor Finance', requires: ['lastName', 'ssnLast4'] },
  { name: 'Nissan Motor Acceptance', requires: ['accountLast4', 'ssnLast4'] },
  { name: 'Santander Consumer USA', requires: ['accountLast4', 'lastName', 'ssnLast4'] },
  { name: 'TD Auto Finance', requires: ['accountLast4', 'lastName'] },
  { name: 'Toyota Financial Services', requires: ['accountLast4', 'lastName'] },
  { name: 'U.S. Bank', requires: ['accountLast4', 'ssnLast4'] },
  { name: 'Wells Fargo Auto', requires: ['accountLast4', 'lastName'] },
];

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The listed lender of that name (case, spaces and punctuation ignored), else a near miss to suggest. */
export function matchLender(input: string): { lender: PayoffLender | null; suggestion: string | null } {
  const wanted = squash(input);
  if (!wanted) return { lender: null, suggestion: null };
  const exact = PAYOFF_LENDERS.find((lender) => squash(lender.name) === wanted);
  if (exact) return { lender: exact, suggestion: null };
  const squashed = PAYOFF_LENDERS.map((lender) => squash(lender.name));
  const best = closest(wanted, squashed);
  // A near miss: a few typos, or the start of a name ("ally" for Ally Financial).
  const near = distance(wanted, best) <= Math.max(2, Math.floor(best.length / 4));
  const prefix = wanted.length >= 3 ? squashed.find((name) => name.startsWith(wanted)) : undefined;
  const pick = near ? best : prefix;
  return { lender: null, suggestion: pick ? PAYOFF_LENDERS[squashed.indexOf(pick)]!.name : null };
}

export type PayoffAnswer =
  { result: 'found'; balanceCents: number } | { result: 'notFound' } | { result: 'failed' } | { result: 'unavailable' };

export interface PayoffPartner {
  quote(request: PayoffQuoteRequest & { lender: string }): Promise<PayoffAnswer>;
}

export class SandboxPayoffPartner implements PayoffPartner {
  async quote(request: PayoffQuoteRequest & { lender: string }): Promise<PayoffAnswer> {
    const last = request.vin.at(-1);
    if (last === '7') return { result: 'notFound' };
    if (last === '8') return { result: 'failed' };
    if (last === '9') return { result: 'unavailable' };
    let hash = 0;
    for (const character of `${request.vin}|${request.lender}`)
      hash = (hash * 31 + character.charCodeAt(0)) % 1_000_003;
    // $4,000 to $23,999, in whole dollars.
    return { result: 'found', balanceCents: (4_000 + (hash % 20_000)) * 100 };
  }
}
