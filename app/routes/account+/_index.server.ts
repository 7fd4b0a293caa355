import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import {
  addNotices,
  codeFeedback,
  requireShopper,
  readNotices,
  toCodeFailure,
  updateShopperInSession,
  type FlowNotice,
} from '~/lib/auth.server';
import { getShopContext, type ShopContext } from '~/lib/request-context.server';
import { IDENTITY_ERRORS, type AccountProfile } from '~/lib/contract/identity';
import { logger } from '~/lib/shared/logger.server';
import { MESSAGES, fillMessage } from '~/lib/messages';
import { getApiContext } from '~/lib/session.server';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { emailChangeConfirmSchema, emailChangeSchema, profileSchema } from '~/lib/shared/validation/account';
import { FIELD_MESSAGES } from '~/lib/shared/validation/messages';

// The profile page's loader and its one action: profile, e-mail change (request, confirm,
// cancel). Each form posts an `intent`.

export type AccountActionData = { intent: string; result: SubmissionResult<string[]> | null; alerts: FlowNotice[] };

/** The identity token no longer works (expired refresh, deleted account): sign in again. */
async function signInAgain(request: Request, loadContext: AppLoadContext): Promise<never> {
  const url = new URL(request.url);
  const shop = await getShopContext({ request, context: loadContext });
  shop.cookies.destroy(shop.session);
  throw redirect(`/sign-in?${new URLSearchParams({ redirectTo: url.pathname })}`);
}

async function readProfile(request: Request, loadContext: AppLoadContext): Promise<AccountProfile> {
  try {
    const answer = await callApi(await getApiContext(request), endpoints.identity.profile);
    if (!answer) throw new Response(null, { status: 499 });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await signInAgain(request, loadContext);
    throw error;
  }
}

export async function accountLoader(request: Request, loadContext: AppLoadContext) {
  await requireShopper(request);
  const tenant = getTenantForRequest(request);
  const [profile, shop] = await Promise.all([
    readProfile(request, loadContext),
    getShopContext({ request, context: loadContext }),
  ]);
  const notices = readNotices(shop);
  const body = {
    profile,
    notices,
    marketing: { email: !tenant.consumer.marketingOptOuts.email, sms: !tenant.consumer.marketingOptOuts.sms },
  };
  return body;
}

function done(shop: ShopContext, notice: FlowNotice): Response {
  addNotices(shop.authFlow, notice);
  return redirect('/account');
}

export async function accountAction(request: Request, loadContext: AppLoadContext) {
  const shop = await getShopContext({ request, context: loadContext });
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
      const answer = await callApi(context, endpoints.identity.updateProfile, {
        json: {
          firstName: value.firstName,
          lastName: value.lastName,
          phone: value.phoneNumber,
          marketingEmail: tenant.consumer.marketingOptOuts.email ? false : value.isSubscribedToMarketing,
          marketingSms: tenant.consumer.marketingOptOuts.sms ? false : value.subscribedToMarketingSMS,
        },
      });
      if (!answer) return reply({ intent, result: null, alerts: [] }, 499);
      const { id, firstName, lastName, email } = answer.data;
      updateShopperInSession(shop, { id, firstName, lastName, email });
      return done(shop, { type: 'success', message: MESSAGES.profileSaved });
    }

    if (intent === 'email-change') {
      const submission = parseWithZod(form, { schema: emailChangeSchema(shopper.email) });
      if (submission.status !== 'success') return reply({ intent, result: submission.reply(), alerts: [] }, 400);
      const email = submission.value.email.toLowerCase();
      try {
        await callApi(context, endpoints.identity.requestEmailChange, {
          json: { email },
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
        if (error.status === 401) await signInAgain(request, loadContext);
        return reply(
          { intent, result: submission.reply(), alerts: codeFeedback(toCodeFailure(error), 'code', tenant).alerts },
          error.status,
        );
      }
      return done(shop, { type: 'success', message: fillMessage(MESSAGES.emailChangeCodeSent, { email }) });
    }

    if (intent === 'email-change-confirm') {
      const submission = parseWithZod(form, { schema: emailChangeConfirmSchema });
      if (submission.status !== 'success') return reply({ intent, result: submission.reply(), alerts: [] }, 400);
      try {
        const answer = await callApi(context, endpoints.identity.confirmEmailChange, {
          json: { code: submission.value['email-change-code'] },
        });
        if (!answer) return reply({ intent, result: null, alerts: [] }, 499);
        const { id, firstName, lastName, email } = answer.data;
        updateShopperInSession(shop, { id, firstName, lastName, email });
        return done(shop, { type: 'success', message: MESSAGES.emailChanged });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) await signInAgain(request, loadContext);
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
      await callApi(context, endpoints.identity.cancelEmailChange, {
        json: {},
      });
      return redirect('/account');
    }

    return reply({ intent, result: null, alerts: [{ type: 'error', message: MESSAGES.general }] }, 400);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 401) await signInAgain(request, loadContext);
    logger.error({ err: error, intent }, 'account: identity API failed');
    return reply({ intent, result: null, alerts: [unavailable] }, 503);
  }
}
