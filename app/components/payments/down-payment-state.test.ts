import { describe, expect, it } from 'vitest';
import {
  downPaymentReducer,
  getDownPaymentKeyAction,
  getInitialDownPaymentState,
  type DownPaymentAction,
  type DownPaymentState,
} from './down-payment-state';

const optionsCents = [100_000, 250_000, 500_000, 1_690_000];
const bounds = { minCents: 100_000, maxCents: 1_690_000 };
const closed = getInitialDownPaymentState(250_000);
const open: DownPaymentState = { ...closed, open: true };

function run(state: DownPaymentState, ...actions: DownPaymentAction[]) {
  return actions.reduce(downPaymentReducer, state);
}

describe('downPaymentReducer', () => {
  it('starts closed with the amount formatted', () => {
    expect(closed).toEqual({ text: '2,500', open: false, activeIndex: -1 });
  });

  it('opens on focus, pointing at the option in the field', () => {
    expect(run(closed, { type: 'focus', optionsCents })).toEqual({ text: '2,500', open: true, activeIndex: 1 });
    const typed = { ...closed, text: '3,000' };
    expect(run(typed, { type: 'focus', optionsCents })).toEqual({ text: '3,000', open: true, activeIndex: -1 });
  });

  it('leaves an open list alone on a second focus', () => {
    const state = { ...open, activeIndex: 3 };
    expect(run(state, { type: 'focus', optionsCents })).toBe(state);
  });

  it('closes on a selection, showing the amount picked', () => {
    expect(run(open, { type: 'select', cents: 500_000 })).toEqual({ text: '5,000', open: false, activeIndex: -1 });
  });

  it('closes on blur, resetting an empty field to the minimum', () => {
    expect(run({ ...open, text: '' }, { type: 'blur', bounds })).toEqual({
      text: '1,000',
      open: false,
      activeIndex: -1,
    });
  });

  it('settles the text on blur', () => {
    expect(run({ ...open, text: '500' }, { type: 'blur', bounds }).text).toBe('1,000');
    expect(run({ ...open, text: '3,250' }, { type: 'blur', bounds }).text).toBe('3,250');
  });

  it('keeps the list as it was while typing', () => {
    expect(run({ ...open, activeIndex: 2 }, { type: 'input', text: '3,2' })).toEqual({
      text: '3,2',
      open: true,
      activeIndex: -1,
    });
    expect(run(closed, { type: 'input', text: '3,2' }).open).toBe(false);
  });

  it('opens on an arrow key, at the current option or at the end the arrow points to', () => {
    expect(run(closed, { type: 'move', delta: 1, optionsCents })).toMatchObject({ open: true, activeIndex: 1 });
    const typed = { ...closed, text: '3,000' };
    expect(run(typed, { type: 'move', delta: 1, optionsCents })).toMatchObject({ open: true, activeIndex: 0 });
    expect(run(typed, { type: 'move', delta: -1, optionsCents })).toMatchObject({ open: true, activeIndex: 3 });
  });

  it('moves through an open list and wraps around', () => {
    expect(run(open, { type: 'move', delta: 1, optionsCents }).activeIndex).toBe(0);
    expect(run(open, { type: 'move', delta: -1, optionsCents }).activeIndex).toBe(3);
    expect(run({ ...open, activeIndex: 3 }, { type: 'move', delta: 1, optionsCents }).activeIndex).toBe(0);
    expect(run({ ...open, activeIndex: 0 }, { type: 'move', delta: -1, optionsCents }).activeIndex).toBe(3);
    expect(run({ ...open, activeIndex: 1 }, { type: 'move', delta: 1, optionsCents }).activeIndex).toBe(2);
  });

  it('ignores arrows with no options', () => {
    expect(run(closed, { type: 'move', delta: 1, optionsCents: [] })).toBe(closed);
  });

  it('closes on Escape', () => {
    expect(run({ ...open, activeIndex: 2 }, { type: 'close' })).toEqual({ ...closed, open: false, activeIndex: -1 });
    expect(run(closed, { type: 'close' })).toBe(closed);
  });

  it('picks with the keyboard from focus to Enter', () => {
    let state = run(closed, { type: 'focus', optionsCents });
    for (const key of ['ArrowDown', 'ArrowDown', 'Enter']) {
      const action = getDownPaymentKeyAction({ key, altKey: false }, state, optionsCents);
      if (action) state = downPaymentReducer(state, action);
    }
    expect(state).toEqual({ text: '16,900', open: false, activeIndex: -1 });
  });
});

describe('getDownPaymentKeyAction', () => {
  const keyOf = (key: string, altKey = false) => ({ key, altKey });

  it('moves with the arrows and opens with Alt+Down', () => {
    expect(getDownPaymentKeyAction(keyOf('ArrowDown'), closed, optionsCents)).toEqual({
      type: 'move',
      delta: 1,
      optionsCents,
    });
    expect(getDownPaymentKeyAction(keyOf('ArrowUp'), closed, optionsCents)).toEqual({
      type: 'move',
      delta: -1,
      optionsCents,
    });
    expect(getDownPaymentKeyAction(keyOf('ArrowDown', true), closed, optionsCents)).toEqual({
      type: 'open',
      optionsCents,
    });
  });

  it('picks the highlighted option with Enter', () => {
    expect(getDownPaymentKeyAction(keyOf('Enter'), { ...open, activeIndex: 2 }, optionsCents)).toEqual({
      type: 'select',
      cents: 500_000,
    });
  });

  it('leaves Enter to the form when nothing is highlighted or the list is closed', () => {
    expect(getDownPaymentKeyAction(keyOf('Enter'), open, optionsCents)).toBeNull();
    expect(getDownPaymentKeyAction(keyOf('Enter'), { ...closed, activeIndex: 2 }, optionsCents)).toBeNull();
  });

  it('closes with Escape only when open', () => {
    expect(getDownPaymentKeyAction(keyOf('Escape'), open, optionsCents)).toEqual({ type: 'close' });
    expect(getDownPaymentKeyAction(keyOf('Escape'), closed, optionsCents)).toBeNull();
  });

  it('leaves other keys to the field', () => {
    expect(getDownPaymentKeyAction(keyOf('5'), open, optionsCents)).toBeNull();
    expect(getDownPaymentKeyAction(keyOf('Tab'), open, optionsCents)).toBeNull();
  });
});
