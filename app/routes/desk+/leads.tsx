import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { z } from 'zod';
import { DeskFrame } from '~/components/desk/desk-frame';
import { primaryButton } from '~/components/ui/button';
import { Field, labelClass } from '~/components/ui/field';
import { LEAD_NOTE_MAX, LEAD_STATUSES, deskLeadUpdateSchema, type DeskLead } from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { formErrors } from '~/lib/desk/forms';
import { deskMeta } from '~/lib/desk/meta';
import { when } from '~/lib/desk/when';
import { commitDeskSession, deskCall, requireStaffPage } from '~/lib/desk/session.server';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';

// Leads at the desk (issue 33): every lead, newest first, with its source, vehicle, status and
// note; staff set the status and the note with a plain form post per lead. A note that is too
// long comes back next to its field with what was typed.

const SOURCE_LABELS: Record<DeskLead['source'], string> = {
  contactUs: 'Contact us',
  vehicle: 'Vehicle page',
  paymentTooltip: 'Payment question',
};

const STATUS_LABELS: Record<DeskLead['status'], string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, context, staff } = await requireStaffPage(request);
  const leads = await deskCall(context, endpoints.desk.leads);
  const notice = session.get('notice') ?? null;
  return data(
    { staff, leads: leads.data, notice, timeZone: getTenantForRequest(request).timeZone },
    { headers: { 'set-cookie': await commitDeskSession(request, session), 'cache-control': 'no-store' } },
  );
}

const leadFormSchema = deskLeadUpdateSchema.extend({
  leadId: z.string().min(1).max(100),
  status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }),
  note: z.string().trim().max(LEAD_NOTE_MAX, `Keep the note under ${LEAD_NOTE_MAX} characters`),
});

export async function action({ request }: ActionFunctionArgs) {
  const { session, context } = await requireStaffPage(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = leadFormSchema.safeParse(form);
  if (!parsed.success) {
    return data(
      { leadId: String(form.leadId ?? ''), errors: formErrors(parsed.error), note: String(form.note ?? '') },
      { status: 400 },
    );
  }
  const { leadId, status, note } = parsed.data;
  await deskCall(context, endpoints.desk.updateLead, { params: { leadId }, json: { status, note: note || null } });
  session.flash('notice', { type: 'success', message: `Lead saved as ${STATUS_LABELS[status].toLowerCase()}.` });
  return redirect(`/desk/leads#lead-${leadId}`, {
    headers: { 'set-cookie': await commitDeskSession(request, session) },
  });
}

export const meta: MetaFunction = ({ matches }) => deskMeta(matches, 'Leads');

function LeadForm({
  lead,
  failed,
}: {
  lead: DeskLead;
  failed: { errors: Record<string, string>; note: string } | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('leadId') === lead.id;
  return (
    <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end" preventScrollReset>
      <input type="hidden" name="leadId" value={lead.id} />
      <div>
        <label htmlFor={`status-${lead.id}`} className={labelClass}>
          Status
        </label>
        <select
          id={`status-${lead.id}`}
          name="status"
          defaultValue={lead.status}
          className="mt-1 block rounded-tenant border border-gray-500 bg-white px-3 py-2 text-gray-900"
        >
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <Field
        id={`note-${lead.id}`}
        name="note"
        label="Note"
        rows={2}
        defaultValue={failed ? failed.note : (lead.note ?? '')}
        errors={failed?.errors.note}
      />
      <button type="submit" className={primaryButton} disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
        <span className="sr-only"> the lead from {lead.name}</span>
      </button>
    </Form>
  );
}

export default function DeskLeads() {
  const { staff, leads, notice, timeZone } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <DeskFrame staff={staff} title="Leads" notice={notice}>
      {leads.length === 0 ? (
        <p>No lead yet.</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-tenant border border-gray-300" aria-label="Leads">
          {leads.map((lead) => (
            <li key={lead.id} id={`lead-${lead.id}`} className="p-3" data-testid="desk-lead">
              <h2 className="font-semibold">
                {lead.name} · {STATUS_LABELS[lead.status]}
              </h2>
              <p className="text-sm">
                {SOURCE_LABELS[lead.source]} · {when(lead.createdAt, timeZone)} · {lead.email}
                {lead.phone ? ` · ${lead.phone}` : ''}
              </p>
              {lead.vin ? (
                <p className="text-sm">
                  {lead.vehicle ?? 'Vehicle no longer listed'} · VIN {lead.vin}
                </p>
              ) : null}
              {lead.comments ? <p className="mt-1 whitespace-pre-line text-sm">“{lead.comments}”</p> : null}
              <LeadForm lead={lead} failed={failed && failed.leadId === lead.id ? failed : null} />
            </li>
          ))}
        </ul>
      )}
    </DeskFrame>
  );
}
