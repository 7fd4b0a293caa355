import { Form, Link, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { StepPageData } from '../../../lib/checkout/credit-application-steps';
import { Notice } from '~/components/ui/alert-bar';
export { moneyDefault } from './fields';
import { SubmitButton, secondaryButton } from '~/components/ui/button';
import { ServerFormProvider, useServerForm, type ServerFields, type ServerReply } from '~/components/ui/server-form';

// The frame of an input step: one form posting to the step's action, the browser's constraints
// (read from the step's schema on the server), the form-level error, Back and the submit button.
// The server is the validator (decision 088): its messages come back in `lastResult`, beside
// each field. Fields inside read their state by name (./fields.tsx, ui/server-form.tsx).

/** A step's schema: it reads a form's fields (an object) and gives the step's answers. */
type StepSchema = z.ZodType<unknown, Record<string, unknown>>;

/** The field metadata of a step, keyed by the schema's fields: `fields.firstName.name`. */
export type StepFields<Schema extends StepSchema> = ServerFields<z.input<Schema>>;

/**
 * What a step's form (an island of its route, decision 056) is given: the loader's page, the
 * action's result and where Back goes (`previousStepPath`; the route's, so the steps' paths and
 * labels are not in the form's chunk as well as in the page's).
 */
export type StepFormProps = {
  page: StepPageData;
  lastResult: ServerReply | undefined;
  back: string | null;
};

export function StepForm<Schema extends StepSchema>({
  id,
  page,
  lastResult,
  back,
  defaultValue,
  submitLabel,
  children,
}: StepFormProps & {
  id: string;
  defaultValue: Record<string, unknown>;
  submitLabel?: string;
  /** The step's fields, keyed by the schema so a renamed schema field fails the typecheck. */
  children: (fields: StepFields<Schema>) => ReactNode;
}) {
  const navigation = useNavigation();
  const [form, fields] = useServerForm<z.input<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint: page.constraint,
  });
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return (
    <ServerFormProvider form={form}>
      <Form
        method="post"
        {...form.props}
        className="flex flex-col gap-5"
        data-testid={`credit-application-${page.step}`}
      >
        {form.errors?.length ? (
          <Notice kind="error" testId="form-error">
            {form.errors[0]}
          </Notice>
        ) : null}
        {page.editing ? <input type="hidden" name="from" value="review" /> : null}
        {children(fields)}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton loading={busy}>
            {submitLabel ?? (page.editing ? 'Save and return to review' : 'Continue')}
          </SubmitButton>
          {back ? (
            <Link to={back} className={secondaryButton}>
              Back
            </Link>
          ) : null}
        </div>
      </Form>
    </ServerFormProvider>
  );
}
