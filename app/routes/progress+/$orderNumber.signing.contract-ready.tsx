import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { CONTRACT_MESSAGES, ContinueSigning } from '~/components/tracker/signing';
import { signingPath, useEnvelope } from '~/components/tracker/signing-envelope';
import { PrepareForm } from '~/components/tracker/signing-prepare';
import { CallUs, ResultNote, StepActions, StepFacts, StepNotice, useTrackerPage } from '~/components/tracker/step-page';
import { CONTRACT_ERRORS, signingDocumentPath } from '~/lib/contract/tracker-constants';
import { requireStepContext, stepRedirect, tryApi } from './$orderNumber.steps.server';
import { primaryButton, textLink } from '~/components/ui/button';
import { endpoints } from '~/lib/contract/endpoints';
import { ContractPreparing } from '~/components/tracker/contract-preparing';

// Contract preparing, ready, timed out (seed 002 §2, §4, §9). While it is prepared the page shows
// the progress (up to 3 minutes; JavaScript checks every 2 s, a link without); past 3 minutes the
// timeout, with the e-mail the backend sends once the contract is ready. Once ready, the
// contract is embedded here: the frame's sign form posts to this page's action (intent=sign).

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStepContext(request, params);
  return { renderedAt: Date.now() };
}

type ActionResult = { signError: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const step = await requireStepContext(request, params);
  const form = await request.formData();
  const intent = form.get('intent');

  if (intent === 'prepare') {
    const prepared = await tryApi(step.api, endpoints.contracting.prepare, {
      params: { orderNumber: step.orderNumber },
    });
    if (!prepared.ok && prepared.error.code !== CONTRACT_ERRORS.alreadySigned) {
      const message =
        prepared.error.code === CONTRACT_ERRORS.notAvailable
          ? CONTRACT_MESSAGES.notAvailable
          : CONTRACT_MESSAGES.expired;
      return data<ActionResult>({ signError: message }, { status: 409 });
    }
    // The shopper opened their contract: signing reads In Progress in this browser.
    return stepRedirect(request, signingPath(step.orderNumber, 'contract-ready'), {
      record: { orderNumber: step.orderNumber, action: 'contractStarted', context },
    });
  }

  if (intent !== 'sign') throw data(null, { status: 400 });
  const token = String(form.get('token') ?? '');
  const typedName = String(form.get('typedName') ?? '').trim();
  if (!typedName) return data<ActionResult>({ signError: CONTRACT_MESSAGES.nameMismatch }, { status: 400 });
  if (form.get('agreed') !== 'on')
    return data<ActionResult>({ signError: CONTRACT_MESSAGES.agreeRequired }, { status: 400 });
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token))
    return data<ActionResult>({ signError: CONTRACT_MESSAGES.linkBroken }, { status: 400 });
  const signed = await tryApi(step.api, endpoints.contracting.sign, {
    params: { token },
    json: { typedName, agreed: true },
  });
  if (signed.ok || signed.error.code === CONTRACT_ERRORS.alreadySigned) {
    return stepRedirect(request, signingPath(step.orderNumber, 'thank-you'), {
      record: { orderNumber: step.orderNumber, action: 'contractStarted', context },
    });
  }
  const messages: Record<string, string> = {
    [CONTRACT_ERRORS.nameMismatch]: CONTRACT_MESSAGES.nameMismatch,
    [CONTRACT_ERRORS.differentEmail]: CONTRACT_MESSAGES.differentEmail,
    [CONTRACT_ERRORS.linkBroken]: CONTRACT_MESSAGES.linkBroken,
    [CONTRACT_ERRORS.linkExpired]: CONTRACT_MESSAGES.expired,
    [CONTRACT_ERRORS.notReady]: CONTRACT_MESSAGES.notAvailable,
  };
  return data<ActionResult>(
    { signError: messages[signed.error.code] ?? CONTRACT_MESSAGES.failed },
    { status: signed.error.status >= 500 ? 502 : 422 },
  );
}

export default function SigningContractReady() {
  const data = useTrackerPage();
  const envelope = useEnvelope();
  const extra = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const state = envelope?.state ?? null;
  const self = signingPath(data.orderNumber, 'contract-ready');

  // Without the package (its call failed) the page says what the tracker knows.
  const ready = state ? state === 'READY' : data.facts.readiness.ready;
  const title =
    state === 'SIGNED'
      ? 'Your contract is signed'
      : state === 'TIMED_OUT'
        ? 'Your contract is taking longer than usual'
        : ready
          ? 'Your contract is ready'
          : 'Your contract is being prepared';

  const elapsedSeconds =
    envelope?.preparingSince && extra
      ? Math.max(
          0,
          Math.min(
            envelope.timeoutSeconds,
            Math.round((extra.renderedAt - Date.parse(envelope.preparingSince)) / 1000),
          ),
        )
      : 0;

  return (
    <>
      <ResultNote title={title} testId="signing-result">
        {state === 'SIGNED'
          ? 'Thank you. The dealer countersigns it next.'
          : state === 'TIMED_OUT'
            ? `We will e-mail you at ${envelope?.email ?? 'your e-mail address'} as soon as it is ready to sign.`
            : ready
              ? 'Read it below, then sign by typing your name.'
              : 'This can take up to 3 minutes. We will also e-mail you when it is ready.'}
      </ResultNote>
      {result?.signError ? <StepNotice kind="error" text={result.signError} /> : null}
      <StepActions step="SIGN_CONTRACT" title={state === 'READY' ? 'Sign your contract' : 'Your contract'}>
        {state === 'PREPARING' ? (
          <ContractPreparing
            self={self}
            elapsedSeconds={elapsedSeconds}
            timeoutSeconds={envelope?.timeoutSeconds ?? 180}
          />
        ) : state === 'TIMED_OUT' ? (
          <div className="flex flex-col gap-3" data-testid="contract-timeout">
            <p>
              It is taking longer than usual to prepare your contract. You do not need to wait here: we will e-mail you
              when it is ready. <CallUs />
            </p>
            <div>
              <PrepareForm orderNumber={data.orderNumber} label="Try again" variant="secondary" />
            </div>
          </div>
        ) : state === 'READY' && envelope?.signingToken ? (
          <div className="flex flex-col gap-3">
            <iframe
              src={signingDocumentPath(envelope.signingToken)}
              title="Contract signing"
              className="h-[720px] w-full rounded-tenant border border-black/15 bg-white"
              data-testid="signing-frame"
            />
            <p className="text-sm">
              Trouble with the frame?{' '}
              <a
                href={`${signingDocumentPath(envelope.signingToken)}/pdf`}
                target="_blank"
                rel="noreferrer"
                className={textLink}
              >
                Open the contract as a PDF
              </a>
              .
            </p>
          </div>
        ) : state === 'SIGNED' ? (
          <Link to={signingPath(data.orderNumber, 'thank-you')} className={primaryButton}>
            Continue
          </Link>
        ) : (
          <div>
            <ContinueSigning data={data} envelope={envelope} />
          </div>
        )}
      </StepActions>
      <StepFacts facts={data.stepFacts} />
    </>
  );
}
