import {
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
  Transition,
} from '@headlessui/react';
import { CloseIcon, ChevronDownIcon } from './icons';
import {
  AccountPart,
  LinkList,
  panelWidth,
  sectionButtonClass,
  triggerClass,
  type MobileMenuProps,
} from './mobile-menu';
import { getNavSections } from './nav-items';

/**
 * The open drawer: a Headless UI dialog with collapsible sections (Disclosure). Loaded on the
 * first tap of the menu button, so pages do not ship the dialog code up front.
 */
export default function MobileMenuDrawer({
  data,
  open,
  onClose,
  onClosed,
}: MobileMenuProps & { open: boolean; onClose: () => void; onClosed: () => void }) {
  const sections = getNavSections(data.tenant);
  return (
    // The dialog's code arrives after the tap that opens it, so it cannot know which element to
    // give focus back to: `onClosed` does it once the drawer has slid out.
    <Transition show={open} afterLeave={onClosed}>
      <Dialog onClose={onClose} className="fixed inset-0 z-50 md:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-black/50 transition-opacity duration-200 data-[closed]:opacity-0"
        />
        <div className="fixed inset-0 flex">
          <DialogPanel
            transition
            className={`flex h-full flex-col overflow-y-auto bg-surface text-ink shadow-xl transition-transform duration-200 data-[closed]:-translate-x-full motion-reduce:transition-none ${panelWidth}`}
            data-testid="mobile-menu-panel"
          >
            <div className="flex items-center justify-between border-b border-black/10 py-2 pl-5 pr-2">
              <DialogTitle className="text-lg font-bold">Menu</DialogTitle>
              <button type="button" onClick={onClose} className={triggerClass}>
                <CloseIcon />
                <span className="sr-only">Close menu</span>
              </button>
            </div>
            <nav aria-label="Menu">
              {sections.map((section, index) => (
                <Disclosure key={section.id} as="div" defaultOpen={index === 0} className="border-b border-black/10">
                  <DisclosureButton className={`${sectionButtonClass} group`}>
                    {section.title}
                    <ChevronDownIcon className="size-5 transition-transform group-data-[open]:rotate-180" />
                  </DisclosureButton>
                  <DisclosurePanel>
                    <LinkList links={section.links} onNavigate={onClose} />
                  </DisclosurePanel>
                </Disclosure>
              ))}
            </nav>
            <AccountPart data={data} onNavigate={onClose} />
          </DialogPanel>
        </div>
      </Dialog>
    </Transition>
  );
}
