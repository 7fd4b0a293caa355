import type { SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { callApi } from '~/lib/api.server';
import {
  PasscodeError,
  addNotices,
  authenticator,
  codeFeedback,
  codeSentNotices,
  createShopperSession,
  identityContext,
  redirectIfSignedIn,
  readNotices,
  toCodeFailure,
  type CodeFailure,
  type FlowNotice,
} from '~/lib/auth.server';
import { CODE_TYPES, type CodeType } from '~/lib/auth/code-entry';
import { endpoints } from '~/lib/contract/endpoints';
import { ALERTS, MESSAGES, fillMessage } from '~/lib/messages';
import { getShopContext, type ShopContext } from '~/lib/request-context.server';
import { safeRedirect } from '~/lib/safe-redirect';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { passcodeRequestSchema } from '~/lib/shared/validation/passwordless';

// The server half of the code-entry page (seed 000 §2.3) for every code type: what the page
// needs to show, asking for a code (send, resend, the other channel) and checking it. What a
// code type changes is said here by a `type === …` at the one place it matters.

type Channel = 'email' | 'sms';

/** The code in progress: the e-mail it was sent to and where to go once it is right. */
type Pending = { email: string; phoneLast4: string | null; redirectTo: string | null };

function isAccount(type: CodeType): type is 'account-email' | 'account-sms' {
  return type !== 'sign-in-passcode';
}

function channelOf(type: 'account-email' | 'account-sms'): Channel {
  return type === 'account-email' ? 'email' : 'sms';
}

function getPending(shop: ShopContext, type: CodeType): Pending | null {
  if (isAccount(type)) return shop.authFlow.get('confirm') ?? null;
  const passcode = shop.authFlow.get('passcode');
  return passcode ? { ...passcode, phoneLast4: null } : null;
}

/**
 * Without a code in progress there is nothing to check: a sign-up goes back to sign-in, a
 * passcode back to its first step, saying why.
 */
function requirePending(shop: ShopContext, type: CodeType): Pending {
  const pending = getPending(shop, type);
  if (pending) return pending;
  addNotices(shop.authFlow, { type: 'warning', message: MESSAGES.sessionExpired });
  throw redirect(isAccount(type) ? '/sign-in' : CODE_TYPES[type].path);
}

export async function codeEntryLoader({ request, context }: LoaderFunctionArgs, type: CodeType) {
  await redirectIfSignedIn(request);
  const shop = await getShopContext({ request, context });
  // A sign-up must be waiting; a passcode without one starts at the e-mail step.
  const pending = isAccount(type) ? requirePending(shop, type) : getPending(shop, type);
  const notices = readNotices(shop);
  const redirectTo = isAccount(type) ? null : new URL(request.url).searchParams.get('redirectTo');
  return {
    type,
    step: pending ? ('code' as const) : ('email' as const),
    email: pending?.email ?? null,
    phoneLast4: pending?.phoneLast4 ?? null,
    redirectTo: redirectTo ? safeRedirect(redirectTo, '/') : null,
    notices,
    // The forms' HTML constraints and field names, read from their schemas here (decision 088:
    // the server is the validator, and no zod reaches the browser).
    emailConstraint: getZodConstraint(passcodeRequestSchema),
    codeForm: {
      fieldNames: CODE_TYPES[type].verify.fieldNames,
      constraint: getZodConstraint(CODE_TYPES[type].verify.schema),
    },
  };
}

type Sent = { ok: true; warning: 'lastRequest' | null } | { ok: false; alerts: FlowNotice[] };

/** Ask the identity API for a code: a passcode, or a sign-up code on one channel. */
async function sendCode(request: Request, type: CodeType, email: string, channel: Channel): Promise<Sent> {
  const kind = isAccount(type) ? 'code' : 'passcode';
  try {
    if (isAccount(type)) {
      const answer = await callApi(identityContext(request), endpoints.identity.sendConfirmation, {
        json: { email, channel },
      });
      return { ok: true, warning: answer?.data.warning ?? null };
    }
    const answer = await callApi(identityContext(request), endpoints.identity.sendPasscode, { json: { email } });
    if (!answer) return { ok: false, alerts: [] };
    return { ok: true, warning: answer.data.warning };
  } catch (error) {
    return { ok: false, alerts: codeFeedback(toCodeFailure(error), kind, getTenantForRequest(request)).alerts };
  }
}

/** What the page says once a code is on its way. */
function sentNotice(type: CodeType, pending: Pending, channel: Channel, resent: boolean): FlowNotice {
  if (!isAccount(type)) return { type: 'resent', message: MESSAGES.passcodeResent };
  if (resent)
    return channel === 'sms'
      ? { type: 'resent', message: ALERTS.resent }
      : { type: 'resent', message: MESSAGES.codeResentEmail };
  if (channel === 'email')
    return { type: 'success', message: fillMessage(MESSAGES.codeSentEmail, { email: pending.email }) };
  return {
    type: 'success',
    message: pending.phoneLast4
      ? fillMessage(MESSAGES.codeSentSms, { last4: pending.phoneLast4 })
      : 'We sent a 6-digit code by text message to the phone number on your account. It expires in 10 minutes.',
  };
}

/**
 * A right code signs the shopper in (the redirect); otherwise why not (`session`: the code in
 * progress is gone).
 */
async function signInWithCode(
  request: Request,
  shop: ShopContext,
  type: CodeType,
  pending: Pending,
  code: string,
): Promise<Response | { failure: CodeFailure | 'session' }> {
  if (isAccount(type)) {
    try {
      const answer = await callApi(identityContext(request), endpoints.identity.verifyConfirmation, {
        json: { email: pending.email, channel: channelOf(type), code },
      });
      if (!answer) return { failure: 'session' };
      return await createShopperSession(request, shop, answer.data, pending.redirectTo, {
        notices: [{ type: 'success', message: MESSAGES.accountConfirmed }],
        fallback: '/account',
      });
    } catch (error) {
      if (error instanceof Response) throw error;
      return { failure: toCodeFailure(error) };
    }
  }
  try {
    const tokens = await authenticator.authenticate('passcode', request);
    return await createShopperSession(request, shop, tokens, pending.redirectTo);
  } catch (error) {
    if (!(error instanceof PasscodeError)) throw error;
    return { failure: error.reason };
  }
}

type ActionData = { intent: string; result: SubmissionResult<string[]> | null; alerts: FlowNotice[] };

function reply(body: ActionData, status: number) {
  return data<ActionData>(body, { status });
}

/**
 * intent=send (passcode): the e-mail to send a passcode to; intent=restart (passcode): another
 * e-mail; intent=resend: a new code on this page's channel; intent=sms or intent=email (sign-up):
 * a code on that channel, and its page; otherwise the code is checked.
 */
export async function codeEntryAction({ request, context }: ActionFunctionArgs, type: CodeType) {
  const definition = CODE_TYPES[type];
  const shop = await getShopContext({ request, context });
  if (isAccount(type)) requirePending(shop, type);
  // A clone: the passcode strategy reads the body again.
  const form = await request.clone().formData();
  const intent = String(form.get('intent') ?? 'verify');

  if (!isAccount(type) && intent === 'send') {
    const submission = parseWithZod(form, { schema: passcodeRequestSchema });
    if (submission.status !== 'success') return reply({ intent, result: submission.reply(), alerts: [] }, 400);
    const email = submission.value['signin-email'].toLowerCase();
    const sent = await sendCode(request, type, email, 'email');
    if (!sent.ok) return reply({ intent, result: submission.reply(), alerts: sent.alerts }, 423);
    const redirectTo = submission.value.redirectTo ? safeRedirect(submission.value.redirectTo, '/') : null;
    shop.authFlow.set('passcode', { email, redirectTo });
    addNotices(
      shop.authFlow,
      ...codeSentNotices({ type: 'success', message: fillMessage(MESSAGES.passcodeSent, { email }) }, sent.warning),
    );
    return redirect(definition.path);
  }
  if (!isAccount(type) && intent === 'restart') {
    shop.authFlow.unset('passcode');
    return redirect(definition.path);
  }

  const pending = requirePending(shop, type);
  const switchTo = isAccount(type) && (intent === 'sms' || intent === 'email') ? intent : null;
  if (intent === 'resend' || switchTo) {
    const channel = switchTo ?? (isAccount(type) ? channelOf(type) : 'email');
    const sent = await sendCode(request, type, pending.email, channel);
    if (!sent.ok) return reply({ intent, result: null, alerts: sent.alerts }, 423);
    addNotices(shop.authFlow, ...codeSentNotices(sentNotice(type, pending, channel, !switchTo), sent.warning));
    const page = switchTo === 'sms' ? 'account-sms' : switchTo === 'email' ? 'account-email' : type;
    return redirect(CODE_TYPES[page].path);
  }

  const { code, reply: replyTo } = definition.verify.parse(form);
  if (code === null) return reply({ intent, result: replyTo(), alerts: [] }, 400);
  const checked = await signInWithCode(request, shop, type, pending, code);
  if (checked instanceof Response) return checked;
  if (checked.failure === 'session') throw redirect(definition.path);
  const feedback = codeFeedback(checked.failure, isAccount(type) ? 'code' : 'passcode', getTenantForRequest(request));
  // A passcode's lock or outage clears the form (the page then shows the notice alone).
  const result = replyTo(feedback.fieldError, isAccount(type) ? undefined : { resetForm: !feedback.fieldError });
  const status = checked.failure === 'locked' ? 423 : checked.failure === 'unavailable' ? 503 : 400;
  return reply({ intent, result, alerts: feedback.alerts }, status);
}
