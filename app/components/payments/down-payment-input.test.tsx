import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseDownPaymentField } from '~/lib/shared/payments/down-payment';
import { DownPaymentInput } from './down-payment-input';
import { getAllAttributes, getAttributes, getElementText } from './html-test-helpers';

const optionsCents = [100_000, 250_000, 500_000, 1_690_000];

// renderToString gives what a browser without JavaScript works with, and what hydration starts from.
describe('DownPaymentInput without JavaScript', () => {
  it('is a plain named numeric field labelled Down payment, starting at $2,500', () => {
    const html = renderToString(<DownPaymentInput optionsCents={optionsCents} id="dp" />);
    expect(getElementText(html, 'label')).toBe('Down payment');
    expect(html).toContain('<label for="dp"');
    expect(getAttributes(html, 'input')).toMatchObject({
      id: 'dp',
      name: 'downPayment',
      type: 'text',
      inputmode: 'numeric',
      value: '2,500',
    });
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>\$<\/span>/);
  });

  it('is not a combobox until JavaScript runs; the suggestions are a native datalist', () => {
    const html = renderToString(<DownPaymentInput optionsCents={optionsCents} id="dp" />);
    const input = getAttributes(html, 'input');
    expect(input.role).toBeUndefined();
    expect(input.list).toBe('dp-options-native');
    expect(html).toContain('<datalist id="dp-options-native">');
    expect(getAllAttributes(html, 'option').map((option) => option.value)).toEqual([
      '1,000',
      '2,500',
      '5,000',
      '16,900',
    ]);
    expect(html).not.toContain('role="listbox"');
  });

  it('shows the maximum in helper text the field points to', () => {
    const html = renderToString(<DownPaymentInput optionsCents={optionsCents} id="dp" />);
    expect(getAttributes(html, 'input')['aria-describedby']).toBe('dp-helper');
    expect(html).toContain(
      '<p id="dp-helper" class="mt-1 min-h-5 text-sm text-ink/70">Maximum down payment: $16,900</p>',
    );
  });

  it('has its own helper text for a lease', () => {
    const html = renderToString(<DownPaymentInput optionsCents={optionsCents} id="dp" variant="lease" />);
    expect(html).toContain('Lowers your capitalized cost. Maximum for this lease: $16,900');
  });

  it('pulls the starting amount inside the options', () => {
    const low = renderToString(<DownPaymentInput optionsCents={[290_000, 500_000]} />);
    expect(getAttributes(low, 'input').value).toBe('2,900');
    const high = renderToString(<DownPaymentInput optionsCents={optionsCents} defaultValueCents={9_900_000} />);
    expect(getAttributes(high, 'input').value).toBe('16,900');
  });

  it('wires a server error to the field', () => {
    const html = renderToString(
      <DownPaymentInput optionsCents={optionsCents} id="dp" errors={['Down payment must not exceed the maximum']} />,
    );
    const input = getAttributes(html, 'input');
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-describedby']).toBe('dp-helper dp-error');
    expect(html).toContain(
      '<p id="dp-error" class="min-h-5 text-sm text-red-700">Down payment must not exceed the maximum</p>',
    );
  });

  it('takes another field name and label', () => {
    const html = renderToString(
      <DownPaymentInput optionsCents={optionsCents} name="capCostReduction" label="Cash down" />,
    );
    expect(getAttributes(html, 'input').name).toBe('capCostReduction');
    expect(getElementText(html, 'label')).toBe('Cash down');
  });

  it('posts a value the action reads back to the same amount', () => {
    const html = renderToString(<DownPaymentInput optionsCents={optionsCents} defaultValueCents={500_000} />);
    const form = new FormData();
    form.set('downPayment', getAttributes(html, 'input').value ?? '');
    expect(parseDownPaymentField(form.get('downPayment'), { minCents: 100_000, maxCents: 1_690_000 })).toBe(500_000);
  });

  it('refuses an empty options list', () => {
    expect(() => renderToString(<DownPaymentInput optionsCents={[]} />)).toThrow(RangeError);
  });
});
