import { Link, useRouteLoaderData, useSearchParams } from '@remix-run/react';
import type { DealTermRow } from '~/lib/tracker/deal-terms';
import type { DealLines } from '~/lib/shared/pricing/deal-lines';
import type { TrackerPageData } from '~/lib/tracker/page';
import { stepPath } from '~/lib/tracker/steps';
import { DealTermsTable, DecisionActions, isDecision } from './deal-decision';
import { StepActions } from './step-page';
import { primaryButton, textLink } from '~/components/ui/button';

// The lender's offer with accept and decline, or where the shopper's answer led.

/** What the offer's pages show of its terms: the rows the loader worded. */
type OfferTerms = { rows: DealTermRow[]; lines?: DealLines | undefined };

/** The offer's terms, loaded by the finance-decision layout route; null when they could not be. */
export function useOfferTerms(): OfferTerms | null {
  return (
    useRouteLoaderData<{ terms: OfferTerms | null }>('routes/progress+/$orderNumber.finance-decision')?.terms ?? null
  );
}

export function financePath(orderNumber: string, subPage?: 'accepted' | 'declined' | 'pending'): string {
  return stepPath(orderNumber, 'FINANCE_DECISION', subPage);
}

export function FinanceOffer({ data, terms }: { data: TrackerPageData; terms: OfferTerms | null }) {
  const [search] = useSearchParams();
  const confirm = search.get('confirm');
  const outcome = data.facts.dealOutcome;
  const pending = data.facts.dealStatus === 'PENDING_APPROVAL';
  return (
    <>
      {terms ? <DealTermsTable rows={terms.rows} lines={terms.lines} title="Your finance offer" /> : null}
      <StepActions step="FINANCE_DECISION" title="Your decision">
        {pending ? (
          <DecisionActions
            kind="finance"
            pagePath={financePath(data.orderNumber)}
            action={`${financePath(data.orderNumber)}?index`}
            confirm={isDecision(confirm) ? confirm : null}
          />
        ) : outcome === 'accepted' ? (
          <p>
            You accepted this offer.{' '}
            <Link to={financePath(data.orderNumber, 'accepted')} className={textLink}>
              See what comes next
            </Link>
          </p>
        ) : outcome === 'declined' ? (
          <p>
            You declined this offer.{' '}
            <Link to={financePath(data.orderNumber, 'declined')} className={textLink}>
              See your options
            </Link>
          </p>
        ) : (
          <p>Your lender has not decided yet. We will e-mail you as soon as your offer is ready.</p>
        )}
      </StepActions>
    </>
  );
}

export function NextStepLink({ data }: { data: TrackerPageData }) {
  if (data.activeStep === data.currentStep) return null;
  return (
    <p>
      <Link to={stepPath(data.orderNumber, data.activeStep)} className={primaryButton} data-testid="next-step-link">
        Go to your next step
      </Link>
    </p>
  );
}
