import type { FormConstraint } from '~/lib/shared/validation/form-constraints';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { TextField } from '~/components/checkout/credit-application/fields';
import { moneyDefault } from '~/components/checkout/credit-application/step-form';
import { Notice } from '~/components/ui/alert-bar';
import { ServerFormProvider, useServerForm } from '~/components/ui/server-form';
import { SubmitButton } from '~/components/ui/button';
import type { PrequalView } from '~/lib/contract/prequal';
import { FIELD_LIMITS } from '~/lib/shared/validation/messages';
// eslint-disable-next-line no-restricted-imports -- types only: this is the route's own form, in a module of its own for its chunk (decision 055)
import type { action } from '~/routes/_shop+/financing_.pre-qualify_.result';

// The found shopper's income and e-mail on the pre-qualification result (seed 002 §4): checked
// by the server (decision 088): the browser gets the schema's constraints from the loader, never
// zod, and the server's errors under the fields after a post, with or without JavaScript.

export function PrequalDetailsForm({ view, constraint }: { view: PrequalView; constraint: FormConstraint }) {
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useServerForm<{ annualIncome: string; email: string }>({
    id: 'prequal-details',
    lastResult: reply?.result,
    defaultValue: { annualIncome: moneyDefault(view.details?.annualIncome) ?? '', email: view.details?.email ?? '' },
    constraint,
  });
  if (!view.details) return null;
  return (
    <section
      aria-labelledby="prequal-details-heading"
      className="mt-8 rounded-tenant border border-gray-300 p-4"
      data-testid="prequal-details"
    >
      <h2 id="prequal-details-heading" className="text-xl font-bold">
        We found you, {view.details.firstName}
      </h2>
      <p className="mt-1 text-sm">Check your income and e-mail. You can change them here.</p>
      <ServerFormProvider form={form}>
        <Form method="post" {...form.props} className="mt-3 grid gap-x-4 gap-y-1 tablet:grid-cols-2">
          {form.errors?.length ? (
            <div className="tablet:col-span-2">
              <Notice kind="error">{form.errors[0]}</Notice>
            </div>
          ) : null}
          <TextField name={fields.annualIncome.name} label="Gross annual income" mask="money" />
          <TextField
            name={fields.email.name}
            label="Email"
            type="email"
            maxLength={FIELD_LIMITS.emailMax}
            autoComplete="email"
          />
          <div className="tablet:col-span-2">
            <SubmitButton
              loading={navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'}
              variant="secondary"
            >
              Save changes
            </SubmitButton>
          </div>
        </Form>
      </ServerFormProvider>
    </section>
  );
}
