import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { DeskFrame } from '~/components/desk/desk-frame';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { ApiError } from '~/lib/api.server';
import {
  PRIVACY_EXTENSION_REASON_MAX,
  PRIVACY_NOTE_MAX,
  deskPrivacyExtendSchema,
  refusalMessage,
  staffMay,
  type DeskPrivacyRequest,
} from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { formErrors } from '~/lib/desk/forms';
import { deskMeta } from '~/lib/desk/meta';
import { commitDeskSession, deskCall, requireStaffPage } from '~/lib/desk/session.server';
import { when } from '~/lib/desk/when';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';

// Privacy requests at the desk (issue 33, decision 092): the verified requests by due date, each
// with who asked, one press to carry it out (a correction says what was corrected) and the one
// extension with the reason the shopper reads; the history of each comes from the audit trail.

const KIND_LABELS: Record<DeskPrivacyRequest['kind'], { title: string; button: string; done: string }> = {
  access: {
    title: 'Access',
    button: 'Send the export',
    done: 'Export sent: a shopper with an account downloads it there; without one, it is attached to the e-mail.',
  },
  portability: {
    title: 'Portability',
    button: 'Send the export',
    done: 'Export sent: a shopper with an account downloads it there; without one, it is attached to the e-mail.',
  },
  deletion: { title: 'Deletion', button: 'Delete the data', done: 'Data deleted: the shopper was told.' },
  correction: { title: 'Correction', button: 'Mark corrected', done: 'Correction noted: the shopper was told.' },
  optOut: { title: 'Opt-out of sale or sharing', button: 'Opt out', done: 'Opted out: the shopper was told.' },
};

const REQUESTERS: Record<DeskPrivacyRequest['requester'], string> = {
  self: 'the person themselves',
  agent: 'an authorised agent',
  parent: 'a parent or guardian',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, context, staff } = await requireStaffPage(request);
  const requests = await deskCall(context, endpoints.desk.privacyRequests);
  const notice = session.get('notice') ?? null;
  return data(
    {
      staff,
      ...requests.data,
      notice,
      mayAct: staffMay(staff.role, 'privacy'),
      timeZone: getTenantForRequest(request).timeZone,
    },
    { headers: { 'set-cookie': await commitDeskSession(request, session), 'cache-control': 'no-store' } },
  );
}

const requestId = z.string().min(1).max(100);
const NOTE_MESSAGE = 'Say what was corrected: the shopper reads it';

const privacyFormSchema = z.discriminatedUnion('intent', [
  z
    .object({
      intent: z.literal('fulfil'),
      requestId,
      kind: z.enum(['access', 'deletion', 'correction', 'portability', 'optOut']),
      note: z.string().trim().max(PRIVACY_NOTE_MAX, `Keep the note under ${PRIVACY_NOTE_MAX} characters`).default(''),
    })
    .refine((form) => form.kind !== 'correction' || form.note.length > 0, { message: NOTE_MESSAGE, path: ['note'] }),
  deskPrivacyExtendSchema.extend({ intent: z.literal('extend'), requestId }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const { session, context } = await requireStaffPage(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = privacyFormSchema.safeParse(form);
  if (!parsed.success) {
    return data(
      {
        requestId: String(form.requestId ?? ''),
        intent: String(form.intent ?? ''),
        errors: formErrors(parsed.error),
        text: String(form.note ?? form.reason ?? ''),
      },
      { status: 400 },
    );
  }
  const input = parsed.data;
  try {
    if (input.intent === 'fulfil') {
      await deskCall(context, endpoints.desk.fulfilPrivacy, {
        params: { requestId: input.requestId },
        json: { note: input.note || null },
      });
      session.flash('notice', { type: 'success', message: KIND_LABELS[input.kind].done });
    } else {
      await deskCall(context, endpoints.desk.extendPrivacy, {
        params: { requestId: input.requestId },
        json: { reason: input.reason },
      });
      session.flash('notice', { type: 'success', message: 'Extended to 90 days: the shopper was told why.' });
    }
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 403)) throw error;
    session.flash('notice', {
      type: 'warning',
      message: error.status === 403 ? error.message : 'Someone acted first: this request is no longer open to that.',
    });
  }
  return redirect(`/desk/privacy#privacy-${input.requestId}`, {
    headers: { 'set-cookie': await commitDeskSession(request, session) },
  });
}

export const meta: MetaFunction = ({ matches }) => deskMeta(matches, 'Privacy requests');

type Failed = { intent: string; errors: Record<string, string>; text: string } | null;

function Requester({ item }: { item: DeskPrivacyRequest }) {
  return (
    <p className="text-sm">
      About {item.subjectEmail} (verified by a code sent there) · asked by {REQUESTERS[item.requester]}
      {item.requester === 'self' ? '' : `: ${item.requesterName ?? ''} <${item.requesterEmail ?? ''}>`}
    </p>
  );
}

function History({ item, timeZone }: { item: DeskPrivacyRequest; timeZone: string }) {
  if (item.history.length === 0) return null;
  return (
    <ol className="mt-2 text-sm" aria-label="History" data-testid="privacy-history">
      {item.history.map((event) => (
        <li key={`${event.at}-${event.action}`}>
          {when(event.at, timeZone)} · {event.staffEmail} · {event.action}
          {typeof event.after?.reason === 'string' ? ` · ${event.after.reason}` : ''}
          {typeof event.after?.note === 'string' ? ` · ${event.after.note}` : ''}
        </li>
      ))}
    </ol>
  );
}

function Actions({ item, failed }: { item: DeskPrivacyRequest; failed: Failed }) {
  const label = KIND_LABELS[item.kind];
  return (
    <div className="mt-2 grid gap-3 sm:grid-cols-2">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="requestId" value={item.id} />
        <input type="hidden" name="kind" value={item.kind} />
        {item.kind === 'correction' ? (
          <Field
            id={`note-${item.id}`}
            name="note"
            label="What was corrected"
            rows={2}
            maxLength={PRIVACY_NOTE_MAX}
            defaultValue={failed?.intent === 'fulfil' ? failed.text : ''}
            errors={failed?.intent === 'fulfil' ? failed.errors.note : undefined}
          />
        ) : null}
        <button type="submit" name="intent" value="fulfil" className={primaryButton}>
          {label.button}
          <span className="sr-only"> for {item.subjectEmail}</span>
        </button>
      </Form>
      {item.canExtend ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="requestId" value={item.id} />
          <Field
            id={`reason-${item.id}`}
            name="reason"
            label="Why more time is needed (the shopper reads it)"
            rows={2}
            maxLength={PRIVACY_EXTENSION_REASON_MAX}
            defaultValue={failed?.intent === 'extend' ? failed.text : ''}
            errors={failed?.intent === 'extend' ? failed.errors.reason : undefined}
          />
          <button type="submit" name="intent" value="extend" className={secondaryButton}>
            Extend to 90 days<span className="sr-only"> for {item.subjectEmail}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export default function DeskPrivacy() {
  const { staff, open, done, notice, mayAct, timeZone } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <DeskFrame staff={staff} title="Privacy requests" notice={notice}>
      {mayAct ? null : <p className="mb-3">{refusalMessage(staff.role, 'privacy')}</p>}
      <h2 className="mb-2 text-xl font-semibold">To do, soonest due first</h2>
      {open.length === 0 ? (
        <p>No verified privacy request waits.</p>
      ) : (
        <ul
          className="divide-y divide-gray-200 rounded-tenant border border-gray-300"
          aria-label="Privacy requests to do"
        >
          {open.map((item) => (
            <li key={item.id} id={`privacy-${item.id}`} className="p-3" data-testid="desk-privacy-request">
              <h3 className="font-semibold">
                {KIND_LABELS[item.kind].title} · due {when(item.dueAt, timeZone)}
                {item.extended ? ' (extended)' : ''}
              </h3>
              <Requester item={item} />
              <p className="text-sm">
                Asked {when(item.createdAt, timeZone)}
                {item.verifiedAt ? ` · verified ${when(item.verifiedAt, timeZone)}` : ''}
              </p>
              {item.details ? <p className="text-sm">Details: {item.details}</p> : null}
              <History item={item} timeZone={timeZone} />
              {mayAct ? <Actions item={item} failed={failed && failed.requestId === item.id ? failed : null} /> : null}
            </li>
          ))}
        </ul>
      )}
      <h2 className="mb-2 mt-6 text-xl font-semibold">Done</h2>
      {done.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul
          className="divide-y divide-gray-200 rounded-tenant border border-gray-300"
          aria-label="Privacy requests done"
        >
          {done.map((item) => (
            <li key={item.id} id={`privacy-${item.id}`} className="p-3" data-testid="desk-privacy-done">
              <h3 className="font-semibold">
                {KIND_LABELS[item.kind].title} · done {item.completedAt ? when(item.completedAt, timeZone) : ''}
              </h3>
              <Requester item={item} />
              <History item={item} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </DeskFrame>
  );
}
