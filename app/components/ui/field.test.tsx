import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './button';
import { Checkbox, RadioGroup } from './choice';
import { Field } from './field';
import { Select } from './select';

// The kit's pieces as a browser without JavaScript gets them (server render): each wires its
// error to aria-invalid and aria-describedby and keeps the error's line when there is none.

describe('Field', () => {
  it('is a labelled input whose empty error line is kept, with nothing marked invalid', () => {
    const html = renderToString(<Field id="first" label="First name" defaultValue="Jordan" />);
    expect(html).toContain('<label for="first"');
    expect(html).toMatch(/<input[^>]*id="first"[^>]*name="first"/);
    expect(html).toContain('value="Jordan"');
    expect(html).not.toContain('aria-invalid');
    expect(html).toMatch(/<p id="first-error" class="min-h-5[^"]*" aria-live="polite"><\/p>/);
  });

  it('marks the input invalid and describes it by its hint and its error', () => {
    const html = renderToString(
      <Field id="email" label="Email" hint="We send the receipt here." errors={['Enter a valid email address.']} />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="email-error email-hint"');
    expect(html).toContain('>Enter a valid email address.</p>');
    expect(html).toContain('>We send the receipt here.</p>');
  });

  it('shows the characters left and is read with them', () => {
    const html = renderToString(
      <Field id="note" label="Comments" rows={3} maxLength={500} counter defaultValue="Hi" />,
    );
    expect(html).toMatch(/<textarea[^>]*maxLength="500"/i);
    expect(html).toContain('aria-describedby="note-counter"');
    expect(html).toContain('498 characters remaining');
  });

  it('shows a saved value through its mask, and never a secret one', () => {
    expect(renderToString(<Field id="tel" label="Phone" mask="phone" defaultValue="5551234567" />)).toContain(
      'value="(555) 123 - 4567"',
    );
    const secret = renderToString(<Field id="ssn" label="SSN" mask="ssn" secret defaultValue="123456789" />);
    expect(secret).not.toContain('123');
    expect(secret).toContain('autoComplete="off"');
  });
});

describe('choices and buttons', () => {
  it('checkbox, radio group and select carry their error', () => {
    const box = renderToString(
      <Checkbox id="terms" name="terms" errors="Agree to continue.">
        I agree
      </Checkbox>,
    );
    expect(box).toContain('aria-describedby="terms-error"');
    const radios = renderToString(
      <RadioGroup name="colour" legend="Colour" options={[{ value: 'red', label: 'Red' }]} errors="Choose one." />,
    );
    expect(radios).toMatch(/<fieldset[^>]*aria-describedby="colour-error"/);
    const select = renderToString(
      <Select id="state" label="State" options={[{ value: 'CA', label: 'California' }]} defaultValue="CA" />,
    );
    expect(select).toContain('<option value="">Select</option>');
    expect(select).toMatch(/<option value="CA" selected="">California<\/option>/);
  });

  it('a loading submit button is disabled, busy and shows its spinner', () => {
    const html = renderToString(<SubmitButton loading>Send</SubmitButton>);
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('data-testid="spinner"');
  });
});
