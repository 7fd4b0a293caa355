import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

// A dialog of the step actions (confirmations, location and zip pickers, the address check).
// Seed 000 §9: dialogs are at most 564 px wide.

export function StepDialog({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    // The dialog element itself covers the screen, so it has a box of its own (tests and
    // assistive technology see it as shown).
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel
        className="relative max-h-[90vh] w-full max-w-[564px] overflow-y-auto rounded-tenant bg-surface p-6 text-ink shadow-xl"
        data-testid={testId}
      >
        <DialogTitle className="mb-4 text-xl font-bold">{title}</DialogTitle>
        {children}
      </DialogPanel>
    </Dialog>
  );
}
