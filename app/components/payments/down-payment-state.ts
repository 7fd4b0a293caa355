import { parseCurrencyInput } from '~/lib/shared/money';
import {
  getDownPaymentTextOnBlur,
  formatDownPaymentText,
  type DownPaymentBounds,
} from '~/lib/shared/payments/down-payment';

// The state behind the down-payment combobox: the text in the field, whether the list of
// suggested amounts is open, and which suggestion the arrow keys point at. Seed 000 §4.6: the
// list opens on focus and closes on a selection or on blur.

export type DownPaymentState = {
  text: string;
  open: boolean;
  /** The highlighted option, or -1. */
  activeIndex: number;
};

export type DownPaymentAction =
  | { type: 'focus'; optionsCents: readonly number[] }
  | { type: 'input'; text: string }
  | { type: 'select'; cents: number }
  | { type: 'blur'; bounds: DownPaymentBounds }
  | { type: 'move'; delta: 1 | -1; optionsCents: readonly number[] }
  | { type: 'open'; optionsCents: readonly number[] }
  | { type: 'close' };

export function getInitialDownPaymentState(cents: number): DownPaymentState {
  return { text: formatDownPaymentText(cents), open: false, activeIndex: -1 };
}

/** The option matching the amount in the field, so opening the list shows where the shopper is. */
function findCurrentOption(text: string, optionsCents: readonly number[]): number {
  const cents = parseCurrencyInput(text);
  return cents === null ? -1 : optionsCents.indexOf(cents);
}

export function downPaymentReducer(state: DownPaymentState, action: DownPaymentAction): DownPaymentState {
  switch (action.type) {
    case 'focus':
    case 'open':
      if (state.open) return state;
      return { ...state, open: true, activeIndex: findCurrentOption(state.text, action.optionsCents) };
    case 'input':
      // Typing keeps the list as it was; the typed amount need not be one of the options.
      return { ...state, text: action.text, activeIndex: -1 };
    case 'select':
      return { text: formatDownPaymentText(action.cents), open: false, activeIndex: -1 };
    case 'blur':
      return { text: getDownPaymentTextOnBlur(state.text, action.bounds), open: false, activeIndex: -1 };
    case 'move': {
      const count = action.optionsCents.length;
      if (count === 0) return state;
      if (!state.open) {
        const current = findCurrentOption(state.text, action.optionsCents);
        return { ...state, open: true, activeIndex: current >= 0 ? current : action.delta > 0 ? 0 : count - 1 };
      }
      if (state.activeIndex < 0) return { ...state, activeIndex: action.delta > 0 ? 0 : count - 1 };
      return { ...state, activeIndex: (state.activeIndex + action.delta + count) % count };
    }
    case 'close':
      if (!state.open) return state;
      return { ...state, open: false, activeIndex: -1 };
  }
}

/**
 * The keyboard of the combobox pattern: arrows move through the suggestions (opening the list
 * if needed, Alt+Down only opens it), Enter picks the highlighted one, Escape closes the list.
 * Null leaves the key to the browser, so Enter with nothing highlighted submits the form.
 */
export function getDownPaymentKeyAction(
  key: { key: string; altKey: boolean },
  state: DownPaymentState,
  optionsCents: readonly number[],
): DownPaymentAction | null {
  switch (key.key) {
    case 'ArrowDown':
      return key.altKey ? { type: 'open', optionsCents } : { type: 'move', delta: 1, optionsCents };
    case 'ArrowUp':
      return { type: 'move', delta: -1, optionsCents };
    case 'Enter': {
      const cents = state.open ? optionsCents[state.activeIndex] : undefined;
      return cents === undefined ? null : { type: 'select', cents };
    }
    case 'Escape':
      return state.open ? { type: 'close' } : null;
    default:
      return null;
  }
}
