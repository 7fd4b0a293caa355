import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import {
  addNotices,
  codeFeedback,
  codeSentNotices,
  createShopperSession,
  identityContext,
  redirectIfSignedIn,
  toCodeFailure,
  type FlowNotice,
  readNotices,
} from '~/lib/auth.server';
import { getShopContext } from '~/lib/request-context.server';
import { ALERTS, MESSAGES, fillMessage } from '~/lib/messages';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { confirmAccountSchema } from '~/lib/shared/validation/confirm-account';
import { confirmSmsSchema } from '~/lib/shared/validation/confirm-sms';

// The two confirmation screens (e-mail code and SMS code) share their steps: both read the
// sign-up in progress from the flow cookie, resend, switch channel and verify.

const PAGES = { email: '/confirm-account', sms: '/confirm-sms' } as const;

/** Without a sign-up in progress there is nothing to confirm: back to sign-in, saying why. */
async function requireConfirmation(request: Request, loadContext: AppLoadContext) {
  const { authFlow: flow } = await getShopContext({ request, context: loadContext });
  const pending = flow.get('confirm');
  if (!pending) {
    addNotices(flow, { type: 'warning', message: MESSAGES.sessionExpired });
    throw redirect('/sign-in');
  }
  return { flow, pending };
}

export async function confirmationLoader(request: Request, loadContext: AppLoadContext) {
  await redirectIfSignedIn(request);
  const { pending } = await requireConfirmation(request, loadContext);
  const notices = readNotices(await getShopContext({ request, context: loadContext }));
  const body = { email: pending.email, phoneLast4: pending.phoneLast4, notices };
  return body;
}

async function sendCode(request: Request, email: string, channel: 'email' | 'sms') {
  try {
    const answer = await callApi(identityContext(request), endpoints.identity.sendConfirmation, {
      json: { email, channel },
    });
    return { ok: true as const, warning: answer?.data.warning ?? null };
  } catch (error) {
    return {
      ok: false as const,
      alerts: codeFeedback(toCodeFailure(error), 'code', getTenantForRequest(request)).alerts,
    };
  }
}

type ActionData = { result: SubmissionResult<string[]> | null; alerts: FlowNotice[] };

/**
 * intent=resend: a new code on this screen's channel; intent=sms or intent=email: a code on
 * the other channel, and that screen; otherwise the code is checked.
 */
export async function confirmationAction(request: Request, loadContext: AppLoadContext, channel: 'email' | 'sms') {
  const { flow, pending } = await requireConfirmation(request, loadContext);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'verify');

  if (intent === 'resend' || intent === 'sms' || intent === 'email') {
    const target = intent === 'resend' ? channel : intent;
    const sent = await sendCode(request, pending.email, target);
    if (!sent.ok) return data<ActionData>({ result: null, alerts: sent.alerts }, { status: 423 });
    const notice: FlowNotice =
      intent !== 'resend'
        ? {
            type: 'success',
            message:
              target === 'sms'
                ? pending.phoneLast4
                  ? fillMessage(MESSAGES.codeSentSms, { last4: pending.phoneLast4 })
                  : 'We sent a 6-digit code by text message to the phone number on your account. It expires in 10 minutes.'
                : fillMessage(MESSAGES.codeSentEmail, { email: pending.email }),
          }
        : target === 'sms'
          ? { type: 'resent', message: ALERTS.resent }
          : { type: 'resent', message: MESSAGES.codeResentEmail };
    addNotices(flow, ...codeSentNotices(notice, sent.warning));
    return redirect(PAGES[target]);
  }

  const schema = channel === 'email' ? confirmAccountSchema : confirmSmsSchema;
  const submission = parseWithZod(form, { schema });
  if (submission.status !== 'success')
    return data<ActionData>({ result: submission.reply(), alerts: [] }, { status: 400 });
  const codeField = channel === 'email' ? 'confirm-account-confirmation-code' : 'sms-confirmation-code';
  const code = String((submission.value as Record<string, unknown>)[codeField]);
  try {
    const answer = await callApi(identityContext(request), endpoints.identity.verifyConfirmation, {
      json: { email: pending.email, channel, code },
    });
    if (!answer) throw redirect(PAGES[channel]);
    return await createShopperSession(
      request,
      await getShopContext({ request, context: loadContext }),
      answer.data,
      pending.redirectTo,
      {
        notices: [{ type: 'success', message: MESSAGES.accountConfirmed }],
        fallback: '/account',
      },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = toCodeFailure(error);
    const feedback = codeFeedback(failure, 'code', getTenantForRequest(request));
    const result = submission.reply({ fieldErrors: feedback.fieldError ? { [codeField]: [feedback.fieldError] } : {} });
    const status = failure === 'locked' ? 423 : failure === 'unavailable' ? 503 : 400;
    return data<ActionData>({ result, alerts: feedback.alerts }, { status });
  }
}
