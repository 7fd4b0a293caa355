import { useEffect, useRef, type RefObject } from 'react';
import type { Opener } from './on-intent';

// The other half of ./on-intent, in the widget's own chunk (not in the page's code).

/**
 * In the widget's own code: give its trigger the focus the plain trigger had, and open it when
 * the shopper asked before the code was here (`open` does what the shopper's click would do).
 * Once, on mount (a ref keeps React's development double effects from opening it twice).
 */
export function useTakeOver(
  trigger: RefObject<HTMLElement>,
  { focus, opener }: { focus: boolean; opener: Opener | null },
  open: (trigger: HTMLElement, opener: Opener) => void,
) {
  const done = useRef(false);
  useEffect(() => {
    const element = trigger.current;
    if (done.current || !element) return;
    done.current = true;
    if (focus || opener === 'keyboard') element.focus();
    if (opener) open(element, opener);
    // Mount only: later renders must not open the widget again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the widget replaces the plain trigger
  }, []);
}
