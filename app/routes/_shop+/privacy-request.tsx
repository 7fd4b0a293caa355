import type { z } from 'zod';
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { AlertBar } from '~/components/ui/alert-bar';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { ApiError, callApi } from '~/lib/api.server';
import { endpoints } from '~/lib/contract/endpoints';
import {
  PRIVACY_ERROR_CODES,
  PRIVACY_KINDS,
  PRIVACY_TEXTS,
  privacyRequestSchema,
  privacyRequestViewSchema,
  type PrivacyRequestView,
} from '~/lib/contract/privacy';
import { MESSAGES, fillMessage } from '~/lib/messages';
import { getApiContext } from '~/lib/session.server';
import { fillTenantText } from '~/lib/shared/tenant/text';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { Field } from '~/components/ui/field';
import { RadioGroup } from '~/components/ui/choice';
import { Select } from '~/components/ui/select';
import { primaryButton, textLink } from '~/components/ui/button';
import { useDealerZone } from '~/components/dealer-zone';
import { formatDealerDate } from '~/lib/shared/dealer-time';

// /privacy-request (issue 15 point 2; seed 002 §6 and §9): the shopper, an authorised agent or
// a parent for a minor asks for access, deletion, correction, portability or an opt-out of sale;
// a code e-mailed to the person it is about confirms it; the due dates are shown. Plain forms.

const KIND_LABELS: Record<(typeof PRIVACY_KINDS)[number], string> = {
  access: 'Know what personal information you hold about me (access)',
  deletion: 'Delete my personal information',
  correction: 'Correct my personal information',
  portability: 'Get a copy of my data I can take elsewhere (portability)',
  optOut: 'Do not sell or share my personal information (opt-out)',
};

type Answer =
  | { step: 'form'; errors: Record<string, string>; values: Record<string, string>; formError: string | null }
  | { step: 'verify'; request: PrivacyRequestView; email: string; error: string | null }
  | { step: 'done'; request: PrivacyRequestView };

export async function action({ request }: ActionFunctionArgs) {
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
      return data<Answer>({ step: 'done', request: answer.data });
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
          { step: 'verify', request: pending, email: values.email ?? '', error: message },
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
    return data<Answer>({ step: 'verify', request: answer.data, email: parsed.data.subjectEmail, error: null });
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

function DueDates({ request }: { request: PrivacyRequestView }) {
  const zone = useDealerZone();
  return (
    <p data-testid="privacy-due">
      {fillMessage(PRIVACY_TEXTS.due, {
        date: formatDealerDate(request.dueAt, zone),
        extended: formatDealerDate(request.latestDueAt, zone),
      })}
    </p>
  );
}

export default function PrivacyRequestPage() {
  const answer = useActionData<typeof action>();
  const sent = answer?.step === 'form' ? answer : null;
  /** A field's id and name, and what was typed and its error when the form came back. */
  const typed = (name: keyof z.input<typeof privacyRequestSchema>) => ({
    id: `privacy-${name}`,
    name,
    errors: sent?.errors[name],
    defaultValue: sent?.values[name],
  });
  const busy = useNavigation().state !== 'idle';
  return (
    <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">Privacy request</h1>
      {answer?.step === 'done' ? (
        <section aria-labelledby="privacy-done" className="mt-6 space-y-3">
          <h2 id="privacy-done" className="text-xl font-bold">
            Your request is confirmed
          </h2>
          <AlertBar type="success" testId="privacy-confirmed">
            {answer.request.status === 'COMPLETED'
              ? 'We have carried out your request.'
              : 'We have your request and will act on it.'}
          </AlertBar>
          <DueDates request={answer.request} />
          {answer.request.kind === 'access' || answer.request.kind === 'portability' ? (
            <p>
              <a href="/account/privacy/export" className={textLink} download>
                Download my data (JSON)
              </a>{' '}
              (sign in with the account’s email to download it).
            </p>
          ) : null}
        </section>
      ) : answer?.step === 'verify' ? (
        <section aria-labelledby="privacy-verify" className="mt-6 space-y-3">
          <h2 id="privacy-verify" className="text-xl font-bold">
            Confirm it’s you
          </h2>
          <p>We sent a 6-digit code to {answer.email}. Enter it to confirm the request.</p>
          <DueDates request={answer.request} />
          {answer.error ? <AlertBar type="error">{answer.error}</AlertBar> : null}
          <Form method="post" noValidate className="space-y-2">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="requestId" value={answer.request.id} />
            <input type="hidden" name="email" value={answer.email} />
            <input type="hidden" name="pending" value={JSON.stringify(answer.request)} />
            <Field name="code" label="Verification code" />
            <button type="submit" className={primaryButton} disabled={busy}>
              Confirm request
            </button>
          </Form>
        </section>
      ) : (
        <section aria-labelledby="privacy-form" className="mt-6 space-y-3">
          <h2 id="privacy-form" className="text-xl font-bold">
            Make a request
          </h2>
          <p>
            There is no fee. We respond within 45 days (up to 90 if we tell you we need more time), covering the prior
            12 months. You can make 2 access or portability requests in 12 months. An authorised agent may act for a
            person, and a parent or guardian for a minor under 18. This site is not for children under 13. See our{' '}
            <Link to="/privacy-policy" className={textLink}>
              privacy policy
            </Link>
            .
          </p>
          {answer?.step === 'form' && answer.formError ? (
            <AlertBar type="error" testId="privacy-error">
              {answer.formError}
            </AlertBar>
          ) : null}
          <Form method="post" noValidate className="space-y-2">
            <RadioGroup
              name="requester"
              legend="Who is making the request?"
              options={[
                { value: 'self', label: 'I am asking about my own information' },
                { value: 'agent', label: 'I am an authorised agent acting for a person' },
                { value: 'parent', label: 'I am a parent or guardian acting for a minor' },
              ]}
              defaultValue={answer?.step === 'form' ? answer.values.requester : answer ? undefined : 'self'}
            />
            <Select
              id="privacy-kind"
              name="kind"
              label="What would you like us to do?"
              placeholder={null}
              options={PRIVACY_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
              defaultValue={answer?.step === 'form' ? answer.values.kind : 'access'}
            />
            <Field {...typed('subjectEmail')} type="email" label="Email of the person the request is about" />
            <Field {...typed('requesterName')} label="Agent’s or parent’s full name (if not yourself)" />
            <Field {...typed('requesterEmail')} type="email" label="Agent’s or parent’s email (if not yourself)" />
            <Field {...typed('subjectAge')} label="Age of the minor (parent or guardian only)" />
            <Field {...typed('details')} label="What should we correct? (correction only)" />
            <button type="submit" className={primaryButton} disabled={busy}>
              Send request
            </button>
          </Form>
        </section>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: 'Privacy request' }];

export const ErrorBoundary = RouteErrorBoundary;
