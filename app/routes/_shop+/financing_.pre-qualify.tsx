import { brandFromMatches } from '~/lib/meta';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { InactivityDialog } from '~/components/inactivity-dialog';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { requireShopper } from '~/lib/auth.server';
import { PREQUAL_CONSENT_TEXT, prequalRequestSchema } from '~/lib/contract/prequal';
import { noteActivity, requireActiveSession } from '~/lib/inactivity.server';
import { PREQUAL_PATH, PREQUAL_RESULT_PATH, PREQUAL_TEXTS } from '~/lib/prequal';
import { getPrequal, sendPrequal } from '~/lib/prequal.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { getApiContext } from '~/lib/session.server';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { checkStepZips } from '~/lib/shared/validation/zip-check.server';
import { Notice } from '~/components/ui/alert-bar';
import { PrequalForm } from '~/components/prequal/prequal-form';

// /financing/pre-qualify (issue 14, seed 002 §4): name, address, date of birth, income and
// e-mail, the SSN only once the bureau asks for it, the consent, then the sandbox bureau's soft
// pull. Signed-in only: the pre-qualification is the shopper's. Date of birth and SSN are never
// put back into the page.

export const handle = { pageType: 'financing' };

const HIDDEN_FIELDS = ['ssn', 'dateOfBirth'];

function resultPath(redirectTo: string | null): string {
  return redirectTo ? `${PREQUAL_RESULT_PATH}?${new URLSearchParams({ redirectTo })}` : PREQUAL_RESULT_PATH;
}

export async function loader({ request, context: loadContext }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request);
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get('redirectTo')
    ? safeRedirect(url.searchParams.get('redirectTo'), '/search')
    : null;
  const view = await getPrequal(await getApiContext(request));
  const valid = view && (view.status === 'mq_approved' || view.status === 'mf_completed');
  if (valid && !url.searchParams.has('again')) throw redirect(resultPath(redirectTo));
  const tenant = getTenantForRequest(request);
  const body = {
    details: view?.details ?? null,
    askSsn: view?.outcome === 'notFound' || Boolean(view?.hasSsn),
    notFound: view?.outcome === 'notFound',
    hasDateOfBirth: Boolean(view?.hasDateOfBirth),
    keepData: Boolean(view?.keepData),
    shopper: { firstName: shopper.firstName, lastName: shopper.lastName, email: shopper.email },
    consentText: fillTenantText(PREQUAL_CONSENT_TEXT, tenant),
    redirectTo,
  };
  await noteActivity(request, loadContext);
  return body;
}

export async function action({ request, context: loadContext }: ActionFunctionArgs) {
  await requireShopper(request);
  await requireActiveSession(request, loadContext);
  const form = await request.formData();
  const redirectTo = form.get('redirectTo') ? safeRedirect(form.get('redirectTo'), '/search') : null;
  const submission = parseWithZod(form, { schema: prequalRequestSchema });
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }) }, { status: 400 });
  const zipErrors = await checkStepZips('personal', { address: submission.value.address });
  if (Object.keys(zipErrors).length)
    return data({ result: submission.reply({ fieldErrors: zipErrors, hideFields: HIDDEN_FIELDS }) }, { status: 400 });
  const outcome = await sendPrequal(await getApiContext(request), 'create', submission.value);
  if (outcome.ok) {
    if (outcome.view.outcome === 'notFound') {
      const back = new URLSearchParams({ again: '1' });
      if (redirectTo) back.set('redirectTo', redirectTo);
      throw redirect(`${PREQUAL_PATH}?${back}`);
    }
    throw redirect(resultPath(redirectTo));
  }
  if (outcome.fieldErrors)
    return data(
      { result: submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: HIDDEN_FIELDS }) },
      { status: 422 },
    );
  if (outcome.status === 401) throw redirect(`/sign-in?${new URLSearchParams({ redirectTo: PREQUAL_PATH })}`);
  return data(
    { result: submission.reply({ formErrors: [PREQUAL_TEXTS.saveFailed], hideFields: HIDDEN_FIELDS }) },
    { status: outcome.status >= 400 && outcome.status < 500 ? outcome.status : 503 },
  );
}

export default function PreQualifyPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10" data-testid="prequal-page">
      <InactivityDialog />
      <h1 className="text-3xl font-bold">Pre-qualify for financing</h1>
      <p className="mt-3 text-lg">
        See your own monthly payments, APR and term on every vehicle. It takes a few minutes.
      </p>
      <p className="mt-2 text-sm">{PREQUAL_TEXTS.noScoreImpact}</p>
      {page.notFound ? (
        <div className="mt-4">
          <Notice kind="warning" testId="prequal-not-found">
            {PREQUAL_TEXTS.notFound}
          </Notice>
        </div>
      ) : null}
      <PrequalForm />
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  return [
    { title: ['Pre-qualify for financing', brandFromMatches(matches)].filter(Boolean).join(' | ') },
    { name: 'robots', content: 'noindex' },
  ];
};

export const ErrorBoundary = RouteErrorBoundary;
