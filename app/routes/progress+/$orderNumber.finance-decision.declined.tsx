import { Link, useRouteLoaderData } from '@remix-run/react';
import { ResultNote, StepFacts, useTrackerPage } from '~/components/tracker/step-page';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import type { ShellData } from '~/lib/shell.server';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';

/** A page without script: every action on it is a link or a form post (decision 073). */
export const handle = { scripts: false };

// After the shopper declined the lender's offer (issue 18): the next sensible actions, not only
// an apology. Paying cash or changing the deal on a placed order is the dealer's to arrange, so
// that one is a call; another vehicle is a search away.

export default function FinanceDecisionDeclined() {
  const data = useTrackerPage();
  const root = useRouteLoaderData<ShellData>('root');
  return (
    <>
      <ResultNote title="You declined your finance offer" testId="finance-decision-result">
        We are sorry this offer did not work for you. Your order will not go ahead with this financing. You can pay cash
        instead or talk about other financing with us, or choose another vehicle.
      </ResultNote>
      <div className="flex flex-wrap items-center gap-3" data-testid="declined-next-actions">
        {root ? (
          <a href={phoneHref(root.tenant)} className={primaryButton}>
            Call us to pay cash or talk about options: {formatPhone(root.tenant.dealerPhone.number)}
          </a>
        ) : null}
        <Link to="/search" className={secondaryButton}>
          Try another vehicle
        </Link>
        <Link to="/" className="font-semibold text-primary underline">
          Back to homepage
        </Link>
      </div>
      <StepFacts facts={data.stepFacts} />
    </>
  );
}
