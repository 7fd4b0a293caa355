import {
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Popover,
  PopoverButton,
  PopoverPanel,
} from '@headlessui/react';
import { useRef, type ReactNode } from 'react';
import { useTakeOver, type Opener } from '~/components/ui/take-over';
import { formatClock } from '~/lib/shared/dealer-time';

// The time picker's Headless UI parts (dialog and popover, about 30 KB gzipped with what they
// share), loaded by ./time-picker on the shopper's first intent on its button (decision 046).

const slotButton =
  'min-h-11 rounded-tenant border px-3 py-2 text-center font-medium hover:bg-black/5 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-contrast';

function SlotGrid({
  slots,
  value,
  onPick,
}: {
  slots: readonly string[];
  value: string;
  onPick: (slot: string) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2" role="group" aria-label="Available times">
      {slots.map((slot) => (
        <button
          key={slot}
          type="button"
          aria-pressed={slot === value}
          className={`${slotButton} border-black/20`}
          onClick={() => onPick(slot)}
        >
          {formatClock(slot)}
        </button>
      ))}
    </div>
  );
}

/** The picker's button: the same before and after the popover's code is here. */
export type PickerButtonProps = {
  id: string;
  className: string;
  'aria-labelledby': string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
};

type Slots = { slots: readonly string[]; value: string; onPick: (slot: string) => void };

/** Small screens: a dialog titled 'Select a Time' (opened by the picker's own button). */
export function TimeDialog({ open, onClose, slots, value, onPick }: Slots & { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-end justify-center p-4">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="relative w-full max-w-[564px] rounded-tenant bg-surface p-5 text-ink shadow-xl">
        <DialogTitle className="mb-4 text-lg font-bold">Select a Time</DialogTitle>
        <SlotGrid
          slots={slots}
          value={value}
          onPick={(slot) => {
            onPick(slot);
            onClose();
          }}
        />
      </DialogPanel>
    </Dialog>
  );
}

/** Larger screens: a popover under the button, which replaces the picker's plain button. */
export function TimePopover({
  buttonProps,
  buttonText,
  focus,
  opener,
  slots,
  value,
  onPick,
}: Slots & {
  buttonProps: PickerButtonProps;
  buttonText: ReactNode;
  focus: boolean;
  opener: Opener | null;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useTakeOver(button, { focus, opener }, (trigger) => trigger.click());
  return (
    <Popover className="relative">
      <PopoverButton ref={button} {...buttonProps}>
        {buttonText}
      </PopoverButton>
      {/* In place, not anchored in a portal: a portal brings focus sentinels that axe flags. */}
      <PopoverPanel className="absolute left-0 top-full z-40 mt-1 w-[320px] rounded-tenant border border-black/15 bg-surface p-3 text-ink shadow-xl">
        {({ close }) => (
          <>
            <p className="mb-2 font-semibold">Select a Time</p>
            <SlotGrid
              slots={slots}
              value={value}
              onPick={(slot) => {
                onPick(slot);
                close();
              }}
            />
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
