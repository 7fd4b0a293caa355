import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import {
  addNotices,
  codeFeedback,
  getAuthFlow,
  redirectWithFlow,
  requireShopper,
  takeNotices,
  toCodeFailure,
  updateShopperInSession,
  type FlowNotice,
} from '~/lib/auth.server';
import {
  IDENTITY_ERRORS,
  accountProfileResponseSchema,
  codeSentResponseSchema,
  type AccountProfile,
} from '~/lib/contract/identity';
import { logger } from '~/lib/shared/logger.server';
import { MESSAGES, fillMessage } from '~/lib/messages';
import { destroySession, getApiContext, getSession } from '~/lib/session.server';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { emailChangeConfirmSchema, emailChangeSchema, profileSchema } from '~/lib/shared/validation/account';
import { FIELD_MESSAGES } from '~/lib/shared/validation/messages';

// The profile page's loader and its one action: profile, e-mail change (request, confirm,
// cancel). Each form posts an `intent`.

export type AccountActionData = { intent: string; result: SubmissionResult<string[]> | null; alerts: FlowNotice[] };

/** The identity token no longer works (expired refresh, deleted account): sign in again. */
async function signInAgain(request: Request): Promise<never> {
  const url = new URL(request.url);
  const session = await getSession(request);
  throw redirect(`/sign-in?${new URLSearchParams({ redirectTo: url.pathname })}`, {
    headers: { 'set-cookie': await destroySession(request, session) },
  });
}

async function readProfile(request: Request): Promise<AccountProfile> {
  try {
    const answer = await callApi(await getApiContext(request), '/api/identity/profile', {
      schema: accountProfileResponseSchema,
    });
    if (!answer) throw new Response(null, { status: 499 });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await signInAgain(request);
    throw error;
  }
}

export async function accountLoader(request: Request) {
  await requireShopper(request);
  const tenant = getTenantForRequest(request);
  const [profile, { notices, setCookie }] = await Promise.all([readProfile(request), takeNotices(request)]);
  const body = {
    profile,
    notices,
    marketing: { email: !tenant.consumer.marketingOptOuts.email, sms: !tenant.consumer.marketingOptOuts.sms },
  };
  return setCookie ? data(body, { headers: { 'set-cookie': setCookie } }) : body;
}

async function done(request: Request, notice: FlowNotice, shopperCookie?: string): Promise<Response> {
  const flow = await getAuthFlow(request);
  addNotices(flow, notice);
  const response = await redirectWithFlow(request, flow, '/account');
  if (shopperCookie) response.headers.append('set-cookie', shopperCookie);
  return response;
}

export async function accountAction(request: Request) {
  const shopper = await requireShopper(request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const context = await getApiContext(request);
  const tenant = getTenantForRequest(request);
  const unavailable: FlowNotice = { type: 'internalError', message: fillTenantText(MESSAGES.internalError, tenant) };
  const reply = (body: AccountActionData, status: number) => data(body, { status });

  try {
    if (intent === 'profile') {
      const submission = parseWithZod(form, { schema: profileSchema });
      if (submission.status !== 'success') return reply({ intent, result: submission.reply(), alerts: [] }, 400);
      const value = submission.value;
      const answer = await callApi(context, '/api/identity/profile', {
        method: 'POST',
        json: {
          firstName: value.firstName,
          lastName: value.lastName,
          phone: value.phoneNumber,
          marketingEmail: tenant.consumer.marketingOptOuts.email ? false : value.isSubscribedToMarketing,
          marketingSms: tenant.consumer.marketingOptOuts.sms ? false : value.subscribedToMarketingSMS,
        },
        schema: accountProfileResponseSchema,
      });
      if (!answer) return reply({ intent, result: null, alerts: [] }, 499);
      const { id, firstName, lastName, email } = answer.data;
      return done(
        request,
        { type: 'success', message: MESSAGES.profileSaved },
        await updateShopperInSession(request, { id, firstName, lastName, email }),
      );
    }

    if (intent === 'email-change') {
      const submission = parseWithZod(form, { schema: emailChangeSchema(shopper.email) });
      if (submission.status !== 'success') return reply({ intent, result: submission.reply(), alerts: [] }, 400);
      const email = submission.value.email.toLowerCase();
      try {
        await callApi(context, '/api/identity/email-change', {
          method: 'POST',
          json: { email },
          schema: codeSentResponseSchema,
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const fieldError =
          error.code === IDENTITY_ERRORS.accountExists
            ? MESSAGES.accountExists
            : error.code === IDENTITY_ERRORS.sameEmail
              ? FIELD_MESSAGES.emailConfirm.sameAsCurrent
              : null;
        if (fieldError)
          return reply({ intent, result: submission.reply({ fieldErrors: { email: [fieldError] } }), alerts: [] }, 409);
        if (error.code === 'error.email.managedBySocial') {
          return reply(
            {
              intent,
              result: submission.reply(),
              alerts: [
                {
                  type: 'error',
                  message: fillMessage(MESSAGES.socialManagesEmail, { provider: 'your social provider' }),
                },
              ],
            },
            403,
          );
        }
        if (error.status === 401) await signInAgain(request);
        return reply(
          { intent, result: submission.reply(), alerts: codeFeedback(toCodeFailure(error), 'code', tenant).alerts },
          error.status,
        );
      }
      return done(request, { type: 'success', message: fillMessage(MESSAGES.emailChangeCodeSent, { email }) });
    }

    if (intent === 'email-change-confirm') {
      const submission = parseWithZod(form, { schema: emailChangeConfirmSchema });
      if (submission.status !== 'success') return reply({ intent, result: submission.reply(), alerts: [] }, 400);
      try {
        const answer = await callApi(context, '/api/identity/email-change/confirm', {
          method: 'POST',
          json: { code: submission.value['email-change-code'] },
          schema: accountProfileResponseSchema,
        });
        if (!answer) return reply({ intent, result: null, alerts: [] }, 499);
        const { id, firstName, lastName, email } = answer.data;
        return done(
          request,
          { type: 'success', message: MESSAGES.emailChanged },
          await updateShopperInSession(request, { id, firstName, lastName, email }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) await signInAgain(request);
        if (error instanceof ApiError && error.code === IDENTITY_ERRORS.accountExists) {
          return reply(
            { intent, result: submission.reply(), alerts: [{ type: 'error', message: MESSAGES.accountExists }] },
            409,
          );
        }
        const failure = toCodeFailure(error);
        const feedback = codeFeedback(failure, 'code', tenant);
        const result = submission.reply({
          fieldErrors: feedback.fieldError ? { 'email-change-code': [feedback.fieldError] } : {},
        });
        return reply({ intent, result, alerts: feedback.alerts }, failure === 'locked' ? 423 : 400);
      }
    }

    if (intent === 'email-change-cancel') {
      await callApi(context, '/api/identity/email-change/cancel', {
        method: 'POST',
        json: {},
        schema: codeSentResponseSchema.optional(),
      });
      return redirect('/account');
    }

    return reply({ intent, result: null, alerts: [{ type: 'error', message: MESSAGES.general }] }, 400);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) await signInAgain(request);
    logger.error({ err: error, intent }, 'account: identity API failed');
    return reply({ intent, result: null, alerts: [unavailable] }, 503);
  }
}
