import { useFetcher } from '@remix-run/react';
import type { z } from 'zod';
import { EmailField, NameFields, PhoneField } from '~/components/auth/contact-fields';
import { AlertBar } from '~/components/ui/alert-bar';
import { SubmitButton, secondaryButton } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/choice';
import { Field } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import type { leadAction } from '~/lib/leads.server';
import { LEAD_TEXTS } from '~/lib/leads';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import type { leadFieldsSchema } from '~/lib/shared/validation/lead';
import { LEAD_COMMENTS_MAX, LEAD_CONSTRAINT, type LeadSource } from '~/lib/shared/validation/lead-rules';

// The contact-the-dealer form (seed 002 §3, issue 15 point 1): first and last name, e-mail,
// optional mobile phone with its consent, optional comments with 'N characters remaining', and
// a honeypot field people never see. It posts to /contact-us: with JavaScript through a
// fetcher (the shopper stays on their page), without it as a plain form (the contact page
// shows the outcome). A failure keeps what was typed and offers retry or call (seed 002 §8). The
// server is the validator (decision 088): its messages come back beside the fields; no zod in the browser.

export type LeadActionData =
  Awaited<ReturnType<typeof leadAction>> extends infer T ? (T extends { data: infer D } ? D : T) : never;

type Props = {
  tenant: Pick<PublicTenant, 'brandName' | 'dealerPhone'>;
  source: LeadSource;
  vin?: string | null;
  heading?: string;
  /** The contact page's own action answer (no JavaScript), when the form is on that page. */
  pageResult?: LeadActionData | null;
  /** Keeps ids unique when two forms share a page. */
  idPrefix?: string;
};

export function LeadForm({ tenant, source, vin = null, heading, pageResult = null, idPrefix = 'lead' }: Props) {
  const fetcher = useFetcher<LeadActionData>({ key: `${idPrefix}-${source}-${vin ?? 'none'}` });
  const answer =
    fetcher.data ??
    (pageResult && pageResult.source === source && (pageResult.vin ?? null) === vin ? pageResult : null);
  const [form, fields] = useServerForm<z.input<typeof leadFieldsSchema>>({
    id: `${idPrefix}-form`,
    lastResult: answer?.result,
    constraint: LEAD_CONSTRAINT,
  });
  const busy = fetcher.state !== 'idle';
  const headingId = `${idPrefix}-heading`;
  const phone = formatPhone(tenant.dealerPhone.number);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-tenant border border-gray-300 p-4"
      data-testid="lead-form"
      data-source={source}
    >
      <h2 id={headingId} className="text-xl font-bold">
        {heading ?? (source === 'vehicle' ? LEAD_TEXTS.vehicleHeading : LEAD_TEXTS.heading)}
      </h2>
      <p className="mt-1 text-sm">{LEAD_TEXTS.intro}</p>
      {answer?.outcome === 'sent' && answer.message ? (
        <AlertBar type="success" testId="lead-sent">
          {answer.message}
        </AlertBar>
      ) : null}
      {(answer?.outcome === 'failed' || answer?.outcome === 'limited') && answer.message ? (
        <AlertBar type="error" testId="lead-not-sent" title={LEAD_TEXTS.notSentTitle}>
          {answer.message}{' '}
          <a href={phoneHref(tenant)} className="font-semibold underline">
            Call {phone}
          </a>
        </AlertBar>
      ) : null}
      <fetcher.Form method="post" action="/contact-us" {...form.props} className="mt-4 space-y-2">
        <input type="hidden" name="source" value={source} />
        {vin ? <input type="hidden" name="vin" value={vin} /> : null}
        {answer?.outcome === 'failed' ? <input type="hidden" name="submissionId" value={answer.submissionId} /> : null}
        {/* The honeypot: hidden from people and screen readers, filled only by bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
          <label htmlFor={`${idPrefix}-website`}>Website</label>
          <input
            id={`${idPrefix}-website`}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <EmailField meta={fields.email} />
        <PhoneField meta={fields.phone} label="Mobile phone (optional)" />
        <Checkbox meta={fields.phoneConsent}>{LEAD_TEXTS.phoneConsent(tenant.brandName)}</Checkbox>
        <Field meta={fields.comments} label="Comments (optional)" rows={4} maxLength={LEAD_COMMENTS_MAX} counter />
        <div className="flex flex-wrap gap-3">
          <SubmitButton loading={busy}>
            {answer?.outcome === 'failed' ? LEAD_TEXTS.retry : LEAD_TEXTS.submit}
          </SubmitButton>
          {answer?.outcome === 'failed' ? (
            <a href={phoneHref(tenant)} className={secondaryButton}>
              Call {phone}
            </a>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}
