import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CurrencyInput } from './currency-input';
import { getAttributes, getElementText } from '~/components/payments/html-test-helpers';

describe('CurrencyInput (server render, as a browser without JavaScript gets it)', () => {
  it('is a labelled text field with a $ prefix, defaulting to 0', () => {
    const html = renderToString(<CurrencyInput label="Trade-in value" name="tradeInValue" id="trade" />);
    expect(html).toContain('<label for="trade"');
    expect(getElementText(html, 'label')).toBe('Trade-in value');
    const input = getAttributes(html, 'input');
    expect(input).toMatchObject({ id: 'trade', name: 'tradeInValue', type: 'text', inputmode: 'decimal', value: '0' });
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>\$<\/span>/);
  });

  it('formats the default amount with separators', () => {
    const html = renderToString(<CurrencyInput label="Amount" name="amount" defaultValueCents={123_456_78} />);
    expect(getAttributes(html, 'input').value).toBe('123,456.78');
  });

  it('has no decimals and a numeric keypad in the whole-dollar variant', () => {
    const html = renderToString(
      <CurrencyInput label="Amount" name="amount" wholeDollars defaultValueCents={250_050} />,
    );
    expect(getAttributes(html, 'input')).toMatchObject({ inputmode: 'numeric', value: '2,501' });
  });

  it('keeps the default under the maximum and the capped limit', () => {
    const max = renderToString(
      <CurrencyInput label="Amount" name="amount" maxCents={100_000} defaultValueCents={500_000} />,
    );
    expect(getAttributes(max, 'input').value).toBe('1,000');
    const capped = renderToString(
      <CurrencyInput label="Income" name="income" capped defaultValueCents={500_000_000} />,
    );
    expect(getAttributes(capped, 'input').value).toBe('999,999');
  });

  it('points aria-describedby at the helper text and the error', () => {
    const html = renderToString(
      <CurrencyInput label="Amount" name="amount" id="amount" helperText="Up to $5,000" errors={['Too much']} />,
    );
    const input = getAttributes(html, 'input');
    expect(input['aria-describedby']).toBe('amount-helper amount-error');
    expect(input['aria-invalid']).toBe('true');
    expect(html).toContain('<p id="amount-helper" class="mt-1 min-h-5 text-sm text-ink/70">Up to $5,000</p>');
    expect(html).toContain('>Too much</p>');
  });

  it('reserves the space of the helper and error lines when they are empty', () => {
    const html = renderToString(<CurrencyInput label="Amount" name="amount" id="amount" />);
    expect(getAttributes(html, 'input')['aria-describedby']).toBeUndefined();
    expect(getAttributes(html, 'input')['aria-invalid']).toBeUndefined();
    expect(html.match(/<p id="amount-(helper|error)" class="[^"]*min-h-5/g)).toHaveLength(2);
  });
});
