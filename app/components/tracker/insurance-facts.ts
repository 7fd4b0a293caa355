import { humanizeCode } from '~/lib/tracker/codes';
import type { TrackerPageData } from '~/lib/tracker/page';
import type { Fact } from './step-page';

// The insurance step's facts, in a module of their own so each step page loads only its own
// facts (decision 052).

type Data = Pick<TrackerPageData, 'facts' | 'dealType'>;

/**
 * CANCELLED is what the insurance service records when a pull failed or the shopper chose to
 * upload the card instead (commerce-api.md): no policy was cancelled, so the shopper reads what
 * the step is waiting for (issue 18), never "Cancelled".
 */
function policyStatusText({ facts }: Data): string {
  if (facts.policyStatus !== 'CANCELLED') return humanizeCode(facts.policyStatus, 'Not started');
  const card = facts.documents.find((document) => document.key === 'GEN.INSURANCECARD');
  return card?.status === 'COMPLETE' ? 'Not verified: insurance card uploaded' : 'Waiting for your insurance card';
}

export function insuranceFacts(data: Data): Fact[] {
  return [{ label: 'Policy status', value: policyStatusText(data), testId: 'fact-policy-status' }];
}
