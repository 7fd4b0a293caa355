import { FormProvider, getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { TextField } from '~/components/checkout/credit-application/fields';
import { moneyDefault } from '~/components/checkout/credit-application/step-form';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton } from '~/components/ui/button';
import { prequalUpdateSchema, type PrequalView } from '~/lib/contract/prequal';
import { FIELD_LIMITS } from '~/lib/shared/validation/messages';
// eslint-disable-next-line no-restricted-imports -- types only: this is the route's own form, in a module of its own for its chunk (decision 055)
import type { action } from '~/routes/_shop+/financing_.pre-qualify_.result';

// The found shopper's income and e-mail on the pre-qualification result (seed 002 §4): an
// island of /financing/pre-qualify/result hydrated on the shopper's first interaction with the
// form (decision 055, as 049), so conform, zod and the kit's fields are not in the page's first
// JavaScript. Before, it is the server's form: the browser's constraints, a normal post, the
// server's errors under the fields.

export function PrequalDetailsForm({ view }: { view: PrequalView }) {
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'prequal-details',
    lastResult: reply?.result,
    defaultValue: { annualIncome: moneyDefault(view.details?.annualIncome) ?? '', email: view.details?.email ?? '' },
    constraint: getZodConstraint(prequalUpdateSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: prequalUpdateSchema }),
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
      <FormProvider context={form.context}>
        <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-x-4 gap-y-1 tablet:grid-cols-2">
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
      </FormProvider>
    </section>
  );
}
