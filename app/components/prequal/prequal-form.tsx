import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AddressFields } from '~/components/checkout/credit-application/address-fields';
import { CheckboxField, Section, TextField, moneyDefault } from '~/components/checkout/credit-application/fields';
import { Notice } from '~/components/ui/alert-bar';
import { ServerFormProvider, useServerForm } from '~/components/ui/server-form';
import { SubmitButton, textLink } from '~/components/ui/button';
import { PREQUAL_CONSTRAINT } from '~/lib/shared/validation/address-rules';
import { FIELD_LIMITS } from '~/lib/shared/validation/messages';
import type { prequalRequestSchema } from '~/lib/contract/prequal';
import type { z } from 'zod';
// eslint-disable-next-line no-restricted-imports -- types only: this is the route's own form, in a module of its own for its chunk (decision 049)
import type { action, loader } from '~/routes/_shop+/financing_.pre-qualify';

// The pre-qualification form of /financing/pre-qualify, checked by the server (decision 088): the
// browser's constraints, a post to the action, the server's errors under the fields, with or
// without JavaScript. No zod in the browser.

export function PrequalForm() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const details = page.details;
  const [form, fields] = useServerForm<z.input<typeof prequalRequestSchema>>({
    id: 'prequal-form',
    lastResult: reply?.result,
    defaultValue: {
      firstName: details?.firstName ?? page.shopper.firstName,
      lastName: details?.lastName ?? page.shopper.lastName,
      email: details?.email ?? page.shopper.email,
      address: details?.address ?? undefined,
      annualIncome: moneyDefault(details?.annualIncome),
      keepData: page.keepData ? 'on' : undefined,
    },
    constraint: PREQUAL_CONSTRAINT,
  });
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return (
    <ServerFormProvider form={form}>
      <Form method="post" {...form.props} className="mt-6 flex flex-col gap-5">
        {form.errors?.length ? (
          <Notice kind="error" testId="form-error">
            {form.errors[0]}{' '}
            <Link to="/search" className={textLink}>
              Continue shopping
            </Link>
          </Notice>
        ) : null}
        {page.redirectTo ? <input type="hidden" name="redirectTo" value={page.redirectTo} /> : null}
        <Section legend="About you">
          <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-2">
            <TextField
              name={fields.firstName.name}
              label="Legal first name"
              maxLength={FIELD_LIMITS.firstName.max}
              counter
              autoComplete="given-name"
            />
            <TextField
              name={fields.lastName.name}
              label="Legal last name"
              maxLength={FIELD_LIMITS.lastName.max}
              counter
              autoComplete="family-name"
            />
            <TextField
              name={fields.dateOfBirth.name}
              label={page.hasDateOfBirth ? 'Date of birth (on file)' : 'Date of birth'}
              mask="date"
              secret
              required={!page.hasDateOfBirth}
              hint={page.hasDateOfBirth ? 'Leave it blank to keep the one on file.' : undefined}
            />
            <TextField
              name={fields.email.name}
              label="Email"
              type="email"
              maxLength={FIELD_LIMITS.emailMax}
              autoComplete="email"
            />
          </div>
        </Section>
        <Section legend="Home address">
          <AddressFields prefix={fields.address.name} />
        </Section>
        <Section legend="Income">
          <TextField
            name={fields.annualIncome.name}
            label="Gross annual income"
            mask="money"
            hint="Your yearly income before taxes, from all sources."
          />
        </Section>
        {page.askSsn ? (
          <Section legend="Social Security number" testId="prequal-ssn">
            <TextField
              name={fields.ssn.name}
              label="SSN or ITIN"
              mask="ssn"
              secret
              hint="We use it only to find your credit file. It is encrypted and never shown again."
            />
          </Section>
        ) : null}
        <Section legend="Consent">
          <CheckboxField name={fields.consent.name}>{page.consentText}</CheckboxField>
          <CheckboxField name={fields.keepData.name}>
            Keep my details for my next pre-qualification. Otherwise we delete them 30 days after I enter them.
          </CheckboxField>
        </Section>
        <div>
          <SubmitButton loading={busy}>Check my rate</SubmitButton>
        </div>
      </Form>
    </ServerFormProvider>
  );
}
