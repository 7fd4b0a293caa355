import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checkbox } from '~/components/ui/choice';
import { Field } from '~/components/ui/field';
import { Select } from '~/components/ui/select';
import { ServerFormProvider, useServerField, useServerForm, type ServerReply } from '~/components/ui/server-form';

// The forms checked by the server alone (decision 100) as the server renders them, which is
// the page a browser without JavaScript gets: the server's messages beside their fields, wired
// by aria-invalid and aria-describedby, what was posted back in the fields, the constraints
// the loader read from the schema, the same ids as conform gave.

const CONSTRAINT = { zip: { required: true }, 'items[].city': { required: true } };

function ZipForm({ lastResult }: { lastResult?: ServerReply }) {
  const [form, fields] = useServerForm<{ zip: string; state: string; agree: string }>({
    id: 'order',
    lastResult,
    constraint: CONSTRAINT,
    defaultValue: { zip: '10001', state: 'NY', agree: true, items: [{ city: 'Albany' }] },
  });
  return (
    <form {...form.props}>
      {form.errors ? <p id={form.errorId}>{form.errors[0]}</p> : null}
      <ServerFormProvider form={form}>
        <Field meta={fields.zip} label="Zip" />
        <Select meta={fields.state} label="State" options={[{ value: 'NY', label: 'New York' }]} />
        <Checkbox meta={fields.agree}>I agree</Checkbox>
        <City />
      </ServerFormProvider>
    </form>
  );
}

function City() {
  const meta = useServerField('items[0].city');
  return <Field meta={meta} label="City" />;
}

describe('useServerForm', () => {
  it('renders the defaults, the constraints and conform’s ids, without browser popups', () => {
    const html = renderToString(<ZipForm />);
    expect(html).toContain('<form id="order" novalidate="">');
    expect(html).toContain('<input id="order-zip" name="zip" form="order" required="" type="text"');
    expect(html).toContain('value="10001"');
    expect(html).toMatch(/<option value="NY" selected="">/);
    expect(html).toMatch(
      /id="order-agree" name="agree" form="order" type="checkbox" class="[^"]*" checked="" value="on"/,
    );
    // A list item's constraint is found under the list's name.
    expect(html).toMatch(/id="order-items\[0\]\.city" name="items\[0\]\.city" form="order" required=""/);
    expect(html).toContain('value="Albany"');
    expect(html).not.toContain('aria-invalid');
  });

  it('shows the server’s messages beside their fields and what was posted, and the form’s own message', () => {
    const html = renderToString(
      <ZipForm
        lastResult={{
          status: 'error',
          initialValue: { zip: '123', state: 'NY' },
          error: { zip: ['Enter a 5-digit zip code.'], '': ['Something went wrong.'], state: null },
        }}
      />,
    );
    expect(html).toContain('<p id="order-error">Something went wrong.</p>');
    expect(html).toContain('value="123"');
    expect(html).toMatch(/id="order-zip"[^>]*aria-invalid="true" aria-describedby="order-zip-error"/);
    expect(html).toContain(
      '<p id="order-zip-error" class="min-h-5 text-sm text-red-800" aria-live="polite">Enter a 5-digit zip code.</p>',
    );
    // A box left unticked in the post comes back unticked; a field without a message is not invalid.
    expect(html).not.toContain('checked=""');
    expect(html).not.toMatch(/id="order-state"[^>]*aria-invalid/);
  });

  it('starts again from the defaults after a reset reply', () => {
    const html = renderToString(<ZipForm lastResult={{ status: 'success', initialValue: null, error: null }} />);
    expect(html).toContain('value="10001"');
    expect(html).toContain('checked=""');
  });
});
