import { brandFromMatches } from '~/lib/meta';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { RefreshPrequalForm } from '~/components/prequal/refresh-prequal';
import { InactivityDialog } from '~/components/inactivity-dialog';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { requireShopper } from '~/lib/auth.server';
import { prequalUpdateSchema } from '~/lib/contract/prequal';
import { noteActivity, requireActiveSession } from '~/lib/inactivity.server';
import { PREQUAL_PATH, PREQUAL_TEXTS, TIER_LABELS } from '~/lib/prequal';
import { formatDealerDate } from '~/lib/shared/dealer-time';
import { useDealerZone } from '~/components/dealer-zone';
import { getPrequal, sendPrequal } from '~/lib/prequal.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { getApiContext } from '~/lib/session.server';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { useRootData } from '~/root';
import { Notice } from '~/components/ui/alert-bar';
import { primaryButton, secondaryButton, textLink } from '~/components/ui/button';
import { PrequalDetailsForm } from '~/components/prequal/prequal-details-form';

// /financing/pre-qualify/result: one screen per outcome of seed 002 §4 (approved with the
// found shopper's income and e-mail editable, declined by the lender or the retailer, frozen
// credit file, failed identification) and the expired state with its refresh. "User not
// found" goes back to the form, which then asks for the SSN.

export const handle = { pageType: 'financing' };

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  await requireShopper(request);
  const url = new URL(request.url);
  const view = await getPrequal(await getApiContext(request));
  if (!view || view.status === 'not_started' || view.outcome === 'notFound') throw redirect(PREQUAL_PATH);
  const tenant = getTenantForRequest(request);
  const body = {
    view,
    next: safeRedirect(url.searchParams.get('redirectTo'), '/search'),
    saved: url.searchParams.has('saved'),
    failed: url.searchParams.has('failed'),
    brandName: tenant.brandName,
    // The details form's HTML constraints, from the schema the action checks with (decision 088).
    detailsConstraint: getZodConstraint(prequalUpdateSchema),
  };
  await noteActivity(request, loadContext);
  return body;
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  await requireShopper(request);
  await requireActiveSession(request, loadContext);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: prequalUpdateSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const outcome = await sendPrequal(await getApiContext(request), 'update', submission.value);
  if (outcome.ok) throw redirect(`${new URL(request.url).pathname}?saved=1`);
  if (outcome.fieldErrors)
    return data({ result: submission.reply({ fieldErrors: outcome.fieldErrors }) }, { status: 422 });
  return data(
    { result: submission.reply({ formErrors: [PREQUAL_TEXTS.saveFailed] }) },
    { status: outcome.status >= 400 && outcome.status < 500 ? outcome.status : 503 },
  );
}

function TryAgain() {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Link to={`${PREQUAL_PATH}?again=1`} className={primaryButton}>
        Try again
      </Link>
      <Link to="/search" className={secondaryButton}>
        Continue shopping
      </Link>
    </div>
  );
}

export default function PreQualifyResult() {
  const { view, next, saved, failed, detailsConstraint } = useLoaderData<typeof loader>();
  const zone = useDealerZone();
  const root = useRootData();
  const phone = root ? (
    <a href={phoneHref(root.tenant)} className={textLink}>
      {formatPhone(root.tenant.dealerPhone.number)}
    </a>
  ) : null;
  const valid = view.status === 'mq_approved' || view.status === 'mf_completed';
  return (
    <main
      className="mx-auto w-full max-w-3xl flex-1 px-4 py-10"
      data-testid="prequal-result"
      data-status={view.status}
      data-outcome={view.outcome ?? ''}
    >
      <InactivityDialog />
      {saved ? <Notice kind="success">Your details were saved.</Notice> : null}
      {failed ? <Notice kind="error">{PREQUAL_TEXTS.saveFailed}</Notice> : null}
      {valid ? (
        <>
          <h1 className="text-3xl font-bold">
            {view.status === 'mf_completed' ? 'Your financing application is complete' : "You're pre-qualified"}
          </h1>
          <p className="mt-3 text-lg">
            Your credit tier: <strong>{view.tier ? TIER_LABELS[view.tier] : 'not rated'}</strong>. Your
            pre-qualification is valid until{' '}
            <strong>{view.expiresAt ? formatDealerDate(view.expiresAt, zone) : ''}</strong>.
          </p>
          <p className="mt-2">
            Every vehicle now shows your own monthly payment, APR and term. {PREQUAL_TEXTS.noScoreImpact}
          </p>
          <div className="mt-6">
            <Link to={next} className={primaryButton}>
              See your payments
            </Link>
          </div>
          <PrequalDetailsForm view={view} constraint={detailsConstraint} />
        </>
      ) : null}
      {view.status === 'mq_approved_expired' ? (
        <>
          <h1 className="text-3xl font-bold">Your pre-qualification has expired</h1>
          <p className="mt-3 text-lg">
            A pre-qualification is valid for 30 days. Refresh it to see your personalized payments again.
          </p>
          <div className="mt-6">
            {view.canRefresh ? (
              <RefreshPrequalForm redirectTo={next} />
            ) : (
              <Link to={`${PREQUAL_PATH}?again=1`} className={primaryButton}>
                Pre-qualify again
              </Link>
            )}
          </div>
        </>
      ) : null}
      {view.status === 'mq_declined' || view.status === 'retailer_declined' ? (
        <>
          <h1 className="text-3xl font-bold">We couldn't pre-qualify you</h1>
          <p className="mt-3 text-lg">
            {view.status === 'mq_declined'
              ? 'Our lending partners could not pre-qualify you for financing at this time.'
              : 'We cannot offer financing online for the income you entered.'}{' '}
            You can keep shopping and pay with cash, or call {phone} and we will help you find an option.
          </p>
          <TryAgain />
        </>
      ) : null}
      {view.status === 'mq_incompleted' && view.outcome === 'frozen' ? (
        <>
          <h1 className="text-3xl font-bold">Your credit file is frozen</h1>
          <p className="mt-3 text-lg">
            The credit bureau has a freeze on your credit file, so we could not check your rate. Lift the freeze with
            the bureau, then try again.
          </p>
          <TryAgain />
        </>
      ) : null}
      {view.status === 'mq_incompleted' && view.outcome === 'identityFailed' ? (
        <>
          <h1 className="text-3xl font-bold">We couldn't verify your identity</h1>
          <p className="mt-3 text-lg">
            Check that your name, address and date of birth match your legal ID, then try again. Or call {phone}.
          </p>
          <TryAgain />
        </>
      ) : null}
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  return [
    { title: ['Your pre-qualification', brandFromMatches(matches)].filter(Boolean).join(' | ') },
    { name: 'robots', content: 'noindex' },
  ];
};

export const ErrorBoundary = RouteErrorBoundary;
