import type { FocusEvent } from 'react';

// Small pieces every form's fields share.

/** Text inputs are trimmed on blur (seed 000 §5, seed 002 §5); the input event lets conform see the new value. */
export function trimOnBlur(event: FocusEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const trimmed = input.value.trim();
  if (trimmed !== input.value) {
    input.value = trimmed;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** An `aria-describedby` value from the ids that apply, or nothing. */
export function describedBy(...ids: Array<string | false | undefined | null>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}
