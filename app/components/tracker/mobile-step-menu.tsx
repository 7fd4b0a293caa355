import { useEffect, useState, type ComponentType } from 'react';
import { Face, Options, triggerClass, type MobileStepMenuProps } from './mobile-step-parts';

type Loaded = { Menu: ComponentType<MobileStepMenuProps> };

/**
 * Below 960 px: a collapsible header numbered 'n of total' that opens the list of steps.
 * Without JavaScript (and until Headless UI's disclosure has loaded after hydration) it is a
 * <details> with the same list. The side list (StepList) is the one that carries data-step, so
 * machines see each step once.
 */
export function MobileStepMenu(props: MobileStepMenuProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let current = true;
    import('./mobile-step-disclosure').then(
      (module) => {
        if (current) setLoaded({ Menu: module.MobileStepDisclosure });
      },
      // The chunk did not load: the <details> keeps working.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return (
    <nav aria-label="Order steps" className="md:hidden" data-testid="tracker-mobile-steps">
      {loaded ? (
        <loaded.Menu {...props} />
      ) : (
        <details>
          <summary className={triggerClass}>
            <Face {...props} />
          </summary>
          <Options {...props} />
        </details>
      )}
    </nav>
  );
}
