import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Face, Options, triggerClass, type MobileStepMenuProps } from './mobile-step-parts';

// The mobile step menu once JavaScript runs: a disclosure button that closes when a step is
// picked. Loaded after hydration by ./mobile-step-menu (issue 17: Headless UI's disclosure is
// about 10 KB gzipped, and the <details> form works until it is here).

export function MobileStepDisclosure(props: MobileStepMenuProps) {
  return (
    <Disclosure>
      {({ close }) => (
        <>
          <DisclosureButton className={triggerClass}>
            <Face {...props} />
          </DisclosureButton>
          <DisclosurePanel>
            <Options {...props} onPick={() => close()} />
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}
