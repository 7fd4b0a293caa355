import { useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from '~/components/hydrated';
import { Face, Options, triggerClass, type MobileStepMenuProps } from './mobile-step-parts';

/**
 * Below 960 px: a collapsible header numbered 'n of total' that opens the list of steps.
 * Without JavaScript (and until the page has hydrated) it is a <details> with the same list;
 * then a disclosure button that closes when a step is picked. Its own few lines, not Headless
 * UI's disclosure, which was a chunk loaded after hydration for the same behaviour (issue 17,
 * decision 046). The side list (StepList) is the one that carries data-step, so machines see
 * each step once.
 */
export function MobileStepMenu(props: MobileStepMenuProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const panelId = useId();
  // The menu hydrates from its own chunk (tracker-islands.ts): a <details> opened before it
  // did stays open as the button's panel.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  return (
    <nav aria-label="Order steps" className="md:hidden" data-testid="tracker-mobile-steps">
      {hydrated ? (
        <>
          <button
            ref={button}
            type="button"
            className={triggerClass}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen(!open)}
          >
            <Face {...props} />
          </button>
          {open ? (
            <div id={panelId}>
              <Options
                {...props}
                onPick={() => {
                  setOpen(false);
                  button.current?.focus();
                }}
              />
            </div>
          ) : null}
        </>
      ) : (
        <details ref={details}>
          <summary className={triggerClass}>
            <Face {...props} />
          </summary>
          <Options {...props} />
        </details>
      )}
    </nav>
  );
}
