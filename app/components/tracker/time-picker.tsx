import {
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Popover,
  PopoverButton,
  PopoverPanel,
} from '@headlessui/react';
import { useEffect, useState } from 'react';
import { useHydrated } from '../hydrated';
import { FieldError, labelClass } from '~/components/ui/field';

// The time picker of seed 000 §9: a dialog titled 'Select a Time' on small screens, a popover
// on larger ones; the times in two columns. Without JavaScript the same times are radio
// buttons in two columns.

/** 13:30 → 1:30 PM */
export function formatSlot(slot: string): string {
  const [hours = 0, minutes = 0] = slot.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** Small screens are below the sm breakpoint (600 px, seed 000 §9). */
function useSmallScreen(): boolean {
  const [small, setSmall] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(max-width: 599.98px)');
    const update = () => setSmall(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return small;
}

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
          {formatSlot(slot)}
        </button>
      ))}
    </div>
  );
}

export function TimePicker({
  id,
  name,
  label,
  slots,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  label: string;
  slots: readonly string[];
  defaultValue: string | null;
  error?: string | null;
}) {
  const hydrated = useHydrated();
  const small = useSmallScreen();
  const [value, setValue] = useState(defaultValue ?? '');
  const [dialogOpen, setDialogOpen] = useState(false);
  const errorId = `${id}-error`;

  if (!hydrated) {
    return (
      <fieldset aria-describedby={error ? errorId : undefined} data-testid="time-picker" data-mode="radios">
        <legend className={labelClass}>{label}</legend>
        <div className="mt-1 grid grid-cols-2 gap-2">
          {slots.map((slot) => (
            <label key={slot} className="flex items-center gap-2 rounded-tenant border border-black/20 px-3 py-2">
              <input type="radio" name={name} value={slot} defaultChecked={slot === defaultValue} className="size-4" />
              {formatSlot(slot)}
            </label>
          ))}
        </div>
        <FieldError id={errorId} errors={error} />
      </fieldset>
    );
  }

  const buttonText = value ? formatSlot(value) : 'Select a Time';
  const trigger =
    'mt-1 flex min-h-11 w-full cursor-pointer items-center justify-between rounded-tenant border border-gray-500 bg-white px-3 py-2 text-left text-gray-900 aria-[invalid=true]:border-red-700';
  return (
    <div data-testid="time-picker" data-mode={small ? 'dialog' : 'popover'}>
      <span className={labelClass} id={`${id}-label`}>
        {label}
      </span>
      <input type="hidden" name={name} value={value} />
      {small ? (
        <>
          <button
            type="button"
            id={id}
            className={trigger}
            aria-labelledby={`${id}-label ${id}`}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            aria-haspopup="dialog"
            onClick={() => setDialogOpen(true)}
          >
            {buttonText}
          </button>
          <Dialog
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
            className="fixed inset-0 z-50 flex items-end justify-center p-4"
          >
            <DialogBackdrop className="fixed inset-0 bg-black/40" />
            <DialogPanel className="relative w-full max-w-[564px] rounded-tenant bg-surface p-5 text-ink shadow-xl">
              <DialogTitle className="mb-4 text-lg font-bold">Select a Time</DialogTitle>
              <SlotGrid
                slots={slots}
                value={value}
                onPick={(slot) => {
                  setValue(slot);
                  setDialogOpen(false);
                }}
              />
            </DialogPanel>
          </Dialog>
        </>
      ) : (
        <Popover className="relative">
          <PopoverButton
            id={id}
            className={trigger}
            aria-labelledby={`${id}-label ${id}`}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
          >
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
                    setValue(slot);
                    close();
                  }}
                />
              </>
            )}
          </PopoverPanel>
        </Popover>
      )}
      <FieldError id={errorId} errors={error} />
    </div>
  );
}
