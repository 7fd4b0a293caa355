import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import {
  PRIVACY_ERROR_CODES,
  PRIVACY_TEXTS,
  privacyRequestSchema,
  privacyRequestViewSchema,
  type PrivacyRequestView,
} from '~/lib/contract/privacy';
import { MESSAGES, fillMessage } from '~/lib/messages';
import { getApiContext } from '~/lib/session.server';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { formatDealerDate } from '~/lib/shared/dealer-time';
import { brandFromMatches } from '~/lib/meta';
import { getShopContext } from '~/lib/request-context.server';
import type { PrivacyAnswer as Answer } from '~/components/privacy/privacy-request-steps';
import { PrivacyRequestSteps } from '~/components/privacy/privacy-request-steps';

// /privacy-request (issue 15 point 2; seed 002 §6 and §9): the shopper, an authorised agent or
// a parent for a minor asks for access, deletion, correction, portability or an opt-out of sale;
// a code e-mailed to the person it is about confirms it; the due dates are shown. Plain forms,
// in an island that hydrates on the first interaction (components/privacy/privacy-request-steps).

/** The due-dates sentence of a request, in the dealer's zone (seed 002 §9). */
function dueDates(request: PrivacyRequestView, timeZone: string): string {
  return fillMessage(PRIVACY_TEXTS.due, {
    date: formatDealerDate(request.dueAt, timeZone),
    extended: formatDealerDate(request.latestDueAt, timeZone),
  });
}

/**
 * A deletion ended every session of the deleted account (the API answers 401 to its tokens):
 * a browser signed in as that shopper is signed out on this very answer, not on its next page.
 */
async function signOutIfDeleted(request: Request, context: ActionFunctionArgs['context']): Promise<void> {
  const shop = await getShopContext({ request, context });
  if (!shop.api.token) return;
  try {
    await callApi(shop.api, endpoints.identity.me);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    shop.cookies.destroy(shop.session);
    shop.api = { ...shop.api, token: null };
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const tenant = getTenantForRequest(request);
  const api = await getApiContext(request);
  const values = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  if (values.intent === 'verify') {
    const id = values.requestId ?? '';
    try {
      const answer = await callApi(api, endpoints.privacy.verify, {
        params: { id },
        json: { code: values.code ?? '' },
      });
      if (!answer) return data<Answer>({ step: 'form', errors: {}, values: {}, formError: null }, { status: 499 });
      // A deletion lands on its own confirmation, fetched afresh: signed out when it was this shopper.
      if (answer.data.kind === 'deletion' && answer.data.status === 'COMPLETED') {
        await signOutIfDeleted(request, context);
        return redirect('/privacy-request?deleted=1');
      }
      return data<Answer>({ step: 'done', request: answer.data, due: dueDates(answer.data, tenant.timeZone) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The request the verify form carried back in a hidden field: the contract's shape, or none.
      const carried = privacyRequestViewSchema.safeParse(JSON.parse(values.pending ?? 'null'));
      const pending = carried.success ? carried.data : null;
      const message =
        error.status === 422 || error.status === 400
          ? MESSAGES.wrongCode
          : fillTenantText(MESSAGES.internalError, tenant);
      if (pending)
        return data<Answer>(
          {
            step: 'verify',
            request: pending,
            due: dueDates(pending, tenant.timeZone),
            email: values.email ?? '',
            error: message,
          },
          { status: error.status === 422 ? 422 : 503 },
        );
      return data<Answer>({ step: 'form', errors: {}, values: {}, formError: message }, { status: 503 });
    }
  }
  const body = {
    requester: values.requester,
    kind: values.kind,
    subjectEmail: values.subjectEmail,
    requesterName: values.requesterName || undefined,
    requesterEmail: values.requesterEmail || undefined,
    subjectAge: values.subjectAge || undefined,
    details: values.details || undefined,
  };
  const parsed = privacyRequestSchema.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      errors[key] ??= issue.message;
    }
    return data<Answer>({ step: 'form', errors, values, formError: null }, { status: 400 });
  }
  try {
    const answer = await callApi(api, endpoints.privacy.request, {
      json: parsed.data,
    });
    if (!answer) return data<Answer>({ step: 'form', errors: {}, values, formError: null }, { status: 499 });
    return data<Answer>({
      step: 'verify',
      request: answer.data,
      due: dueDates(answer.data, tenant.timeZone),
      email: parsed.data.subjectEmail,
      error: null,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === PRIVACY_ERROR_CODES.limit) {
      const next = /(\d{4}-\d{2}-\d{2}T[^ ]+)$/.exec(error.message)?.[1];
      return data<Answer>(
        {
          step: 'form',
          errors: {},
          values,
          formError: fillMessage(PRIVACY_TEXTS.limit, {
            date: next ? formatDealerDate(next, tenant.timeZone) : 'a year after your first request',
          }),
        },
        { status: 429 },
      );
    }
    return data<Answer>(
      { step: 'form', errors: {}, values, formError: fillTenantText(MESSAGES.internalError, tenant) },
      { status: 503 },
    );
  }
}

/** `?deleted=1`: where a completed deletion lands (the action redirects, so the header is read signed out). */
export function loader({ request }: LoaderFunctionArgs) {
  return { deleted: new URL(request.url).searchParams.get('deleted') === '1' };
}

export default function PrivacyRequestPage() {
  const { deleted } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? (deleted ? ({ step: 'deleted' } as const) : undefined);
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">Privacy request</h1>
      <PrivacyRequestSteps answer={answer} />
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: ['Privacy request', brandFromMatches(matches)].filter(Boolean).join(' | ') },
];

export const ErrorBoundary = RouteErrorBoundary;
