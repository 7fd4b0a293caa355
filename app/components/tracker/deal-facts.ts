import { humanizeCode } from '~/lib/tracker/codes';
import { describeDealStatus } from '~/lib/tracker/deal';
import type { TrackerPageData } from '~/lib/tracker/page';
import type { Fact } from './step-page';

// The deal review's and the finance decision's facts (decision 052: each step its own).

type Data = Pick<TrackerPageData, 'facts' | 'dealType'>;

export function dealFacts({ facts, dealType }: Data): Fact[] {
  return [
    { label: 'Purchase type', value: dealType, testId: 'fact-deal-type' },
    {
      label: 'Deal status',
      value: describeDealStatus(facts.dealStatusCode, 'Not available yet'),
      testId: 'fact-deal-status',
    },
    { label: 'Your decision', value: humanizeCode(facts.dealOutcome), testId: 'fact-deal-outcome' },
  ];
}
