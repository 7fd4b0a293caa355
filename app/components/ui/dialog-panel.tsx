import { Description, DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { DialogProps } from './dialog';

// The kit's modal itself (Headless UI: focus trapped, Escape and the backdrop close it, the
// title names it). Seed 000 §9: at most 564 px wide. Loaded by ./dialog on first open.

export function DialogPanelWithBackdrop({ open, onClose, title, description, children, testId }: DialogProps) {
  return (
    // The dialog element itself covers the screen, so it has a box of its own (tests and
    // assistive technology see it as shown).
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel
        className="relative max-h-[90vh] w-full max-w-[564px] overflow-y-auto rounded-tenant bg-surface p-6 text-ink shadow-xl"
        data-testid={testId}
      >
        <DialogTitle className="text-xl font-bold">{title}</DialogTitle>
        {description ? <Description className="mt-2">{description}</Description> : null}
        <div className="mt-4">{children}</div>
      </DialogPanel>
    </HeadlessDialog>
  );
}
