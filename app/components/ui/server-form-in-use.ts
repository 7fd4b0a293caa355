import { useState, useSyncExternalStore } from 'react';

function subscribeToNothing() {
  return () => {};
}

/** The focus is in the part, or one of its inputs (radio buttons, text) differs from the server's. */
function inUse(selector: string): boolean {
  const part = document.querySelector(selector);
  if (!part) return false;
  if (part.contains(document.activeElement)) return true;
  return Array.from(part.querySelectorAll('input')).some((input) =>
    input.type === 'radio' || input.type === 'checkbox'
      ? input.checked !== input.defaultChecked
      : input.value !== input.defaultValue,
  );
}

/**
 * For a part with a form of its own without JavaScript (radio buttons where JavaScript shows a
 * dialog): true when the part hydrates from the server's HTML while the shopper is in that form
 * (the focus is in it) or has changed one of its fields. The part then keeps the form, which
 * works with JavaScript as it does without, so nothing moves under the shopper's hand and nothing
 * chosen there is lost. False on the server and when the part is rendered in the browser (a
 * navigation).
 */
export function useServerFormInUse(selector: string): boolean {
  // React reads the server's snapshot while it hydrates, the browser's on a client render.
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const [used] = useState(() => hydrating && typeof document !== 'undefined' && inUse(selector));
  return used;
}
