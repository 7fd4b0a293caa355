import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { DownPaymentInput } from './down-payment-input';
import { getAllAttributes, getAttributes, getElementText } from './html-test-helpers';

// Render as the browser does after hydration, when the field has become a combobox.
vi.mock('../hydrated', () => ({ useHydrated: () => true }));

const optionsCents = [100_000, 250_000, 500_000, 1_690_000];

describe('DownPaymentInput with JavaScript', () => {
  it('is a closed combobox that controls its listbox', () => {
    const html = renderToString(<DownPaymentInput optionsCents={optionsCents} id="dp" />);
    const input = getAttributes(html, 'input');
    expect(input).toMatchObject({
      role: 'combobox',
      'aria-expanded': 'false',
      'aria-controls': 'dp-options',
      'aria-autocomplete': 'none',
      name: 'downPayment',
      inputmode: 'numeric',
      value: '2,500',
    });
    expect(input['aria-activedescendant']).toBeUndefined();
    expect(input.list).toBeUndefined();
    expect(html).not.toContain('<datalist');
  });

  it('renders the suggestions hidden, in the flow of the form so they never cover its button (issue 31)', () => {
    const html = renderToString(<DownPaymentInput optionsCents={optionsCents} id="dp" />);
    const listbox = getAttributes(html, 'ul');
    expect(listbox).toMatchObject({
      id: 'dp-options',
      role: 'listbox',
      'aria-label': 'Suggested down payments',
      hidden: '',
    });
    expect(listbox.class).not.toContain('absolute');
    const options = getAllAttributes(html, 'li');
    expect(options.map((option) => option.id)).toEqual([
      'dp-options-0',
      'dp-options-1',
      'dp-options-2',
      'dp-options-3',
    ]);
    expect(options.every((option) => option.role === 'option' && option['aria-selected'] === 'false')).toBe(true);
    expect(getElementText(html, 'ul')).toBe('$1,000$2,500$5,000$16,900');
  });
});
