import { humanizeCode, yesNo } from '~/lib/tracker/codes';
import type { TrackerPageData } from '~/lib/tracker/page';
import type { Fact } from './step-page';

// The signing step's facts (decision 052: each step its own).

type Data = Pick<TrackerPageData, 'facts' | 'dealType'>;

export function signingFacts({ facts }: Data): Fact[] {
  return [
    { label: 'Contract ready', value: yesNo(facts.readiness.ready), testId: 'fact-signing-ready' },
    {
      label: 'Signing e-mail sent',
      value: yesNo(facts.readiness.isSigningNotificationSent),
      testId: 'fact-signing-notification',
    },
    { label: 'Contract status', value: humanizeCode(facts.signing.status), testId: 'fact-signing-status' },
    { label: 'Signed by you', value: yesNo(facts.signing.signersCompleted.buyer), testId: 'fact-signed-buyer' },
    {
      label: 'Signed by the dealer',
      value: yesNo(facts.signing.signersCompleted.dealer),
      testId: 'fact-signed-dealer',
    },
  ];
}
