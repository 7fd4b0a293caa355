import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';

// The checkout's modal (purchase-type switch, hold ran out). Seed 000 §9: at most 564 px wide.
// Only rendered with JavaScript; every dialog has a server-rendered form as its fallback.

export function CheckoutDialog({
  open,
  onClose,
  title,
  description,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel
        className="relative max-h-[90vh] w-full max-w-[564px] overflow-y-auto rounded-tenant bg-surface p-6 text-ink shadow-xl"
        data-testid={testId}
      >
        <DialogTitle className="text-xl font-bold">{title}</DialogTitle>
        {description ? <Description className="mt-2">{description}</Description> : null}
        <div className="mt-4">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}

export const primaryButtonClass =
  'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-tenant bg-primary px-5 py-2.5 font-semibold text-primary-contrast hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex min-h-11 cursor-pointer items-center justify-center rounded-tenant border border-current px-5 py-2.5 font-semibold text-ink hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-60';
export const linkButtonClass = 'cursor-pointer font-semibold text-primary underline';
