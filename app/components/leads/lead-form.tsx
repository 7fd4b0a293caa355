import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { CheckboxField, EmailField, NameField, PhoneField } from '~/components/auth/fields';
import { FieldError } from '~/components/auth/field-error';
import { describedBy } from '~/components/form-events';
import { primaryButton, secondaryButton } from '~/components/tracker/step-ui';
import { AlertBar } from '~/components/ui/alert-bar';
import type { leadAction } from '~/lib/leads.server';
import { LEAD_TEXTS } from '~/lib/leads';
import type { PublicTenant } from '~/lib/shared/tenant/schema';
import { formatPhone, phoneHref } from '~/lib/shared/tenant/text';
import {
  charactersRemaining,
  LEAD_COMMENTS_MAX,
  leadFieldsSchema,
  type LeadSource,
} from '~/lib/shared/validation/lead';
import { FIELD_LIMITS } from '~/lib/shared/validation/messages';

// The contact-the-dealer form (seed 002 §3, issue 15 point 1): first and last name, e-mail,
// optional mobile phone with its consent, optional comments with 'N characters remaining', and
// a honeypot field people never see. It posts to /contact-us: with JavaScript through a
// fetcher (the shopper stays on their page), without it as a plain form (the contact page
// shows the outcome). A failure keeps what was typed and offers retry or call (seed 002 §8).

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
  const [comments, setComments] = useState('');
  const [form, fields] = useForm({
    id: `${idPrefix}-form`,
    lastResult: answer?.result,
    constraint: getZodConstraint(leadFieldsSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadFieldsSchema }),
  });
  const busy = fetcher.state !== 'idle';
  const headingId = `${idPrefix}-heading`;
  const counterId = `${fields.comments.id}-count`;
  const phone = formatPhone(tenant.dealerPhone.number);
  const typed = comments || String(fields.comments.initialValue ?? '');
  const commentProps = getTextareaProps(fields.comments);
  const { key: commentKey, ...commentRest } = commentProps;
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
          {answer.message.replace(`${LEAD_TEXTS.notSentTitle}. `, '').replace(`${LEAD_TEXTS.notSentTitle}: `, '')}{' '}
          <a href={phoneHref(tenant)} className="font-semibold underline">
            Call {phone}
          </a>
        </AlertBar>
      ) : null}
      <fetcher.Form method="post" action="/contact-us" {...getFormProps(form)} className="mt-4 space-y-2">
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
        <div className="grid gap-x-4 sm:grid-cols-2">
          <NameField
            meta={fields.firstName}
            label="First name"
            max={FIELD_LIMITS.firstName.max}
            autoComplete="given-name"
          />
          <NameField
            meta={fields.lastName}
            label="Last name"
            max={FIELD_LIMITS.lastName.max}
            autoComplete="family-name"
          />
        </div>
        <EmailField meta={fields.email} />
        <PhoneField meta={fields.phone} label="Mobile phone (optional)" />
        <CheckboxField meta={fields.phoneConsent}>{LEAD_TEXTS.phoneConsent(tenant.brandName)}</CheckboxField>
        <FieldError id={fields.phoneConsent.errorId} errors={fields.phoneConsent.errors} />
        <div>
          <label htmlFor={fields.comments.id} className="block text-sm font-medium">
            Comments (optional)
          </label>
          <textarea
            key={commentKey}
            {...commentRest}
            rows={4}
            maxLength={LEAD_COMMENTS_MAX}
            aria-invalid={fields.comments.errors?.length ? true : undefined}
            aria-describedby={describedBy(
              fields.comments.errors?.length ? fields.comments.errorId : undefined,
              counterId,
            )}
            onInput={(event) => setComments(event.currentTarget.value)}
            className="mt-1 block w-full rounded-tenant border border-gray-500 bg-white px-3 py-2 text-gray-900 aria-[invalid=true]:border-red-700"
          />
          <p
            id={counterId}
            className="mt-1 text-sm text-gray-700"
            aria-live="polite"
            data-testid="characters-remaining"
          >
            {charactersRemaining(typed)}
          </p>
          <FieldError id={fields.comments.errorId} errors={fields.comments.errors} />
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {answer?.outcome === 'failed' ? LEAD_TEXTS.retry : LEAD_TEXTS.submit}
          </button>
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
