import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Form, Link, useNavigation } from '@remix-run/react';
import { AlertBar } from '~/components/ui/alert-bar';
import { RadioGroup } from '~/components/ui/choice';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { primaryButton, textLink } from '~/components/ui/button';
import { PRIVACY_KINDS, PRIVACY_TEXTS } from '~/lib/contract/privacy-constants';
import type { PrivacyRequestView, privacyRequestSchema } from '~/lib/contract/privacy';

// The steps of /privacy-request (issue 15 point 2; seed 002 §6 and §9): the request form, the
// code that confirms it, and the confirmation. An island of the route hydrated on the shopper's
// first interaction with one of its forms (decision 055, as 049): the kit's fields come then, not
// with the page. Before, the forms are the server's and post as without JavaScript.

const KIND_LABELS: Record<(typeof PRIVACY_KINDS)[number], string> = {
  access: 'Know what personal information you hold about me (access)',
  deletion: 'Delete my personal information',
  correction: 'Correct my personal information',
  portability: 'Get a copy of my data I can take elsewhere (portability)',
  optOut: 'Do not sell or share my personal information (opt-out)',
};

/** What the route's action answers; `due` is the due-dates sentence, in the dealer's zone. */
export type PrivacyAnswer =
  | { step: 'form'; errors: Record<string, string>; values: Record<string, string>; formError: string | null }
  | { step: 'verify'; request: PrivacyRequestView; due: string; email: string; error: string | null }
  | { step: 'done'; request: PrivacyRequestView; due: string }
  /** After a deletion: the page the action redirects to, signed out. */
  | { step: 'deleted' };

/** What a verified request came to: done at once (no due date), or to be answered by the due date. */
function outcome(request: PrivacyRequestView): string {
  if (request.status !== 'COMPLETED') return PRIVACY_TEXTS.received;
  if (request.kind === 'optOut') return PRIVACY_TEXTS.optedOut;
  if (request.kind === 'deletion') return PRIVACY_TEXTS.deleted;
  return PRIVACY_TEXTS.ready;
}

function Confirmed({ outcome, children }: { outcome: string; children: ReactNode }) {
  return (
    <section aria-labelledby="privacy-done" className="mt-6 space-y-3">
      <h2 id="privacy-done" className="text-xl font-bold">
        Your request is confirmed
      </h2>
      <AlertBar type="success" testId="privacy-confirmed">
        {outcome}
      </AlertBar>
      {children}
    </section>
  );
}

export function PrivacyRequestSteps({ answer }: { answer: PrivacyAnswer | undefined }) {
  const sent = answer?.step === 'form' ? answer : null;
  /** A field's id and name, and what was typed and its error when the form came back. */
  const typed = (name: keyof z.input<typeof privacyRequestSchema>) => ({
    id: `privacy-${name}`,
    name,
    errors: sent?.errors[name],
    defaultValue: sent?.values[name],
  });
  const busy = useNavigation().state !== 'idle';
  if (answer?.step === 'deleted') {
    return (
      <Confirmed outcome={PRIVACY_TEXTS.deleted}>
        <p data-testid="privacy-kept">{PRIVACY_TEXTS.keptForOrders}</p>
      </Confirmed>
    );
  }
  if (answer?.step === 'done') {
    return (
      <Confirmed outcome={outcome(answer.request)}>
        {answer.request.status === 'COMPLETED' ? null : <p data-testid="privacy-due">{answer.due}</p>}
        {answer.request.kind === 'access' || answer.request.kind === 'portability' ? (
          <p>
            <a href="/account/privacy/export" className={textLink} download>
              Download my data (JSON)
            </a>{' '}
            (sign in with the account’s email to download it).
          </p>
        ) : null}
      </Confirmed>
    );
  }
  if (answer?.step === 'verify') {
    return (
      <section aria-labelledby="privacy-verify-title" className="mt-6 space-y-3">
        <h2 id="privacy-verify-title" className="text-xl font-bold">
          Confirm it’s you
        </h2>
        <p>We sent a 6-digit code to {answer.email}. Enter it to confirm the request.</p>
        <p data-testid="privacy-due">{answer.due}</p>
        {answer.error ? <AlertBar type="error">{answer.error}</AlertBar> : null}
        <Form method="post" id="privacy-verify" noValidate className="space-y-2">
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
    );
  }
  return (
    <section aria-labelledby="privacy-form" className="mt-6 space-y-3">
      <h2 id="privacy-form" className="text-xl font-bold">
        Make a request
      </h2>
      <p>
        There is no fee. We respond within 45 days (up to 90 if we tell you we need more time), covering the prior 12
        months. You can make 2 access or portability requests in 12 months. An authorised agent may act for a person,
        and a parent or guardian for a minor (under 18 in California). This site is not for children under 13. See our{' '}
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
      <Form method="post" id="privacy-request" noValidate className="space-y-2">
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
  );
}
