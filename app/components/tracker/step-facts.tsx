import { humanizeCode, yesNo } from '~/lib/tracker/codes';
import { DOCUMENT_LABEL, DOCUMENT_STATUS_LABEL } from '~/lib/tracker/document-labels';
import type { TrackerPageData } from '~/lib/tracker/page';
import type { Fact } from './step-page';

// The facts each step page shows, straight from the commerce API's answers. The insurance,
// deal, signing and scheduling facts are in modules of their own (decision 052).

type Data = Pick<TrackerPageData, 'facts' | 'dealType'>;

export function idVerificationFacts({ facts }: Data): Fact[] {
  return [
    {
      label: 'ID check on your order',
      value: humanizeCode(facts.orderIdCheck, 'Not started'),
      testId: 'fact-order-id-check',
    },
    { label: 'Verification service', value: humanizeCode(facts.idVerification.status), testId: 'fact-id-check-status' },
    { label: 'Attempts', value: String(facts.idVerification.transactionsAmount), testId: 'fact-id-check-attempts' },
    { label: 'Link expired', value: yesNo(facts.idVerification.isExpired), testId: 'fact-id-check-expired' },
  ];
}

export function documentFacts({ facts }: Data): Fact[] {
  return facts.documents.map((document) => ({
    label: DOCUMENT_LABEL[document.key],
    value: (
      <span data-document={document.key} data-document-status={document.status}>
        {DOCUMENT_STATUS_LABEL[document.status]}
        {document.fileName ? <span className="text-gray-700"> ({document.fileName})</span> : null}
      </span>
    ),
  }));
}

export function paymentFacts({ facts, dealType }: Data): Fact[] {
  return [
    { label: 'Purchase type', value: dealType, testId: 'fact-deal-type' },
    {
      label: 'Payment status',
      value: facts.actions.cashPaid
        ? 'Paid'
        : humanizeCode(facts.paymentStatus, facts.hasPaymentInfo ? 'Not available yet' : 'Not started'),
      testId: 'fact-payment-status',
    },
  ];
}
