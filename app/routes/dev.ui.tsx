import { getFormProps, useForm } from '@conform-to/react';
import { data, type MetaFunction } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { useState } from 'react';
import { ProgressBar } from '~/components/ui/progress-bar';
import { AlertBar, Notice } from '~/components/ui/alert-bar';
import { SubmitButton, primaryButton, secondaryButton } from '~/components/ui/button';
import { Checkbox, RadioGroup } from '~/components/ui/choice';
import { Combobox } from '~/components/ui/combobox';
import { CurrencyInput } from '~/components/ui/currency-input';
import { DateInput } from '~/components/ui/date-input';
import { Dialog } from '~/components/ui/dialog';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { Snackbar } from '~/components/ui/snackbar';
import { StepLayout } from '~/components/ui/step-layout';
import { Toast } from '~/components/ui/toast';
import { isUiKitPageOn } from '~/lib/shared/env.server';
import { titledMeta } from '~/lib/meta';

// /dev/ui: every piece of the UI kit (app/components/ui) in every state, for developers and
// for the axe test (e2e/dev-ui.spec.ts). It answers only under npm run dev or with
// UI_KIT_PAGE=1; anywhere else it is an unknown URL (404). Nothing here posts anywhere.

export async function loader() {
  if (!isUiKitPageOn()) throw data(null, { status: 404 });
  return null;
}

export const meta: MetaFunction = ({ matches }) =>
  titledMeta(matches, 'UI kit', [{ name: 'robots', content: 'noindex' }]);

const COLOURS = [
  { value: 'red', label: 'Red' },
  { value: 'blue', label: 'Blue' },
  { value: 'silver', label: 'Silver' },
];

const ERROR = 'Enter a valid email address.';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 border-t border-gray-300 pt-6" data-testid={id}>
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A field addressed through conform's metadata (`fields.email`), as the kit's forms do. */
function ConformSample() {
  const [form, fields] = useForm<{ email: string }>({
    id: 'kit-conform',
    defaultValue: { email: 'shopper@example.com' },
  });
  return (
    <form {...getFormProps(form)} onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-2">
      <Field meta={fields.email} type="email" label="Email (conform field)" hint="Bound with meta={fields.email}." />
    </form>
  );
}

export default function UiKit() {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">UI kit</h1>
        <p className="mt-1 text-sm">
          Every piece of app/components/ui in every state. Shown only with UI_KIT_PAGE=1 or under npm run dev.
        </p>
      </div>

      <Section id="kit-fields" title="Field">
        <Field id="kit-empty" label="Empty" />
        <Field id="kit-filled" label="Filled" defaultValue="Jordan" />
        <Field id="kit-hint" label="With a hint" hint="As it appears on your licence." />
        <Field id="kit-error" label="With an error" type="email" defaultValue="jordan@" errors={ERROR} />
        <Field id="kit-disabled" label="Disabled" defaultValue="Cannot change" disabled />
        <Field id="kit-readonly" label="Read only" defaultValue="On file" readOnly />
        <Field id="kit-counter" label="With a counter" maxLength={40} counter defaultValue="Twelve chars" />
        <Field id="kit-textarea" label="Multi-line with a counter" rows={3} maxLength={200} counter />
        <Field id="kit-phone" label="Phone (mask)" type="tel" mask="phone" defaultValue="5551234567" />
        <Field id="kit-ssn" label="SSN (mask, secret)" mask="ssn" secret />
        <Field id="kit-zip" label="ZIP (mask)" mask="zip" />
        <Field id="kit-password" label="Password" type="password" autoComplete="new-password" />
        <ConformSample />
      </Section>

      <Section id="kit-dates-money" title="Date and currency inputs">
        <DateInput id="kit-date" label="Date of birth" hint="MM/DD/YYYY" />
        <DateInput
          id="kit-date-error"
          label="Date with an error"
          defaultValue="13/45/2020"
          errors="Enter a real date."
        />
        <CurrencyInput id="kit-money" name="money" label="Trade-in value" defaultValueCents={250_000} />
        <CurrencyInput
          id="kit-money-whole"
          name="moneyWhole"
          label="Whole dollars, capped"
          wholeDollars
          capped
          helperText="Up to $999,999."
        />
        <CurrencyInput id="kit-money-error" name="moneyError" label="Amount with an error" errors={['Too much.']} />
      </Section>

      <Section id="kit-choices" title="Checkbox, radio group, select, combobox">
        <Checkbox id="kit-check" name="check">
          Send me offers
        </Checkbox>
        <Checkbox id="kit-check-on" name="checkOn" defaultChecked>
          Checked
        </Checkbox>
        <Checkbox id="kit-check-error" name="checkError" errors="Agree to continue.">
          With an error
        </Checkbox>
        <Checkbox id="kit-check-disabled" name="checkDisabled" disabled>
          Disabled
        </Checkbox>
        <RadioGroup name="kit-radio" legend="Colour" options={COLOURS} />
        <RadioGroup name="kit-radio-chosen" legend="Colour (chosen)" options={COLOURS} defaultValue="blue" />
        <RadioGroup name="kit-radio-error" legend="Colour (error)" options={COLOURS} errors="Choose a colour." />
        <RadioGroup name="kit-radio-disabled" legend="Colour (disabled)" options={COLOURS} disabled />
        <Select id="kit-select" label="Select" options={COLOURS} />
        <Select id="kit-select-chosen" label="Select (chosen)" options={COLOURS} defaultValue="silver" />
        <Select id="kit-select-error" label="Select (error)" options={COLOURS} errors="Choose a colour." />
        <Select id="kit-select-disabled" label="Select (disabled)" options={COLOURS} disabled />
        <Combobox id="kit-combobox" name="make" label="Make" options={['Ford', 'Honda', 'Toyota']} />
        <Combobox
          id="kit-combobox-error"
          name="makeError"
          label="Make (error)"
          options={['Ford', 'Honda', 'Toyota']}
          errors="Choose a make."
        />
      </Section>

      <Section id="kit-buttons" title="Buttons">
        <Form method="get" onSubmit={(event) => event.preventDefault()} className="flex flex-wrap gap-3">
          <SubmitButton>Submit</SubmitButton>
          <SubmitButton variant="secondary">Secondary</SubmitButton>
          <SubmitButton loading>Sending</SubmitButton>
          <SubmitButton disabled>Disabled</SubmitButton>
          <SubmitButton fullWidth>Full width</SubmitButton>
        </Form>
      </Section>

      <Section id="kit-dialog" title="Dialog">
        <div className="flex gap-3">
          <button type="button" className={primaryButton} onClick={() => setDialogOpen(true)}>
            Open dialog
          </button>
        </div>
        <Dialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          title="Remove this trade-in?"
          description="You can add it again later."
          testId="kit-dialog-panel"
        >
          <div className="flex gap-3">
            <button type="button" className={primaryButton} onClick={() => setDialogOpen(false)}>
              Remove
            </button>
            <button type="button" className={secondaryButton} onClick={() => setDialogOpen(false)}>
              Cancel
            </button>
          </div>
        </Dialog>
      </Section>

      <Section id="kit-notices" title="Notices, alerts, toast and snackbar">
        <Notice kind="success" title="Saved">
          Your changes are saved.
        </Notice>
        <Notice kind="info">Your documents are being checked.</Notice>
        <Notice kind="warning" title="Almost out of time">
          Your hold ends in 2 minutes.
        </Notice>
        <AlertBar type="resent">We sent a new code.</AlertBar>
        <AlertBar type="expired">Your code expired.</AlertBar>
        <AlertBar type="wrongInput">That code is not right.</AlertBar>
        <Toast type="success" testId="kit-toast">
          Added to your favourites.
        </Toast>
        <Snackbar type="info" testId="kit-snackbar" action={{ label: 'Undo', to: '/dev/ui' }}>
          Removed from compare.
        </Snackbar>
      </Section>

      <Section id="kit-progress" title="Progress">
        <ProgressBar label="Uploading" value={40} testId="kit-progress-measured" />
        <ProgressBar label="Checking" testId="kit-progress-indeterminate" />
      </Section>

      <Section id="kit-step" title="Step layout">
        <div className="rounded-tenant border border-gray-300 p-4">
          <StepLayout
            title="Sign your contract"
            titleId="kit-step-title"
            badge={<span className="rounded-full bg-black/10 px-2 py-0.5 text-sm">In progress</span>}
            guidance="Read the contract and sign it."
          >
            <p>The step’s content.</p>
          </StepLayout>
        </div>
      </Section>
    </main>
  );
}
