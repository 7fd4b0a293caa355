import { useEffect, useRef, type RefObject } from 'react';

// A widget whose code (Headless UI's menu, popover, dialog) loads with React.lazy when the
// shopper presses its plain trigger (decision 073): once the code is here the widget's own
// trigger takes the focus and opens, as the press asked.

/** How the shopper asked to open: a keyboard opener lands on the widget's first item. */
export type Opener = 'pointer' | 'keyboard';

/** The opener of a click: one from the keyboard (Enter, Space) has no pointer position, detail 0. */
export function openerOf(event: { detail: number }): Opener {
  return event.detail === 0 ? 'keyboard' : 'pointer';
}

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
