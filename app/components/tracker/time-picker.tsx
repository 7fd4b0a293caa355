import { lazy, Suspense, useEffect, useState } from 'react';
import { useHydrated } from '../hydrated';
import { FieldError, labelClass } from '~/components/ui/field';
import { openerOf, type Opener } from '~/components/ui/take-over';
import { useServerFormInUse } from '~/components/ui/server-form-in-use';
import { formatClock } from '~/lib/shared/dealer-time';
import type { PickerButtonProps } from './time-picker-live';

// The time picker of seed 000 §9: a dialog titled 'Select a Time' on small screens, a popover
// on larger ones; the times in two columns. Without JavaScript the same times are radio
// buttons in two columns.

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

// Headless UI's dialog and popover load when the shopper presses the picker's button (decision 073).
const TimeDialog = lazy(() => import('./time-picker-live').then((module) => ({ default: module.TimeDialog })));
const TimePopover = lazy(() => import('./time-picker-live').then((module) => ({ default: module.TimePopover })));

export function TimePicker({
  id,
  name,
  label,
  slots,
  defaultValue,
  emptyText,
  error,
}: {
  id: string;
  name: string;
  label: string;
  slots: readonly string[];
  defaultValue: string | null;
  /** Said instead of the list when the day offers no time. */
  emptyText?: string;
  error?: string | null;
}) {
  const hydrated = useHydrated();
  // The radio buttons the shopper is using when the scheduling form's code arrives stay (decision 057).
  const kept = useServerFormInUse('[data-testid="time-picker"]');
  const small = useSmallScreen();
  const [picked, setValue] = useState(defaultValue ?? '');
  // A time the newly chosen day does not offer is dropped, not sent.
  const value = slots.includes(picked) ? picked : '';
  const [dialogOpen, setDialogOpen] = useState(false);
  const [opener, setOpener] = useState<Opener | null>(null);
  const errorId = `${id}-error`;

  if (!hydrated || kept) {
    return (
      <fieldset aria-describedby={error ? errorId : undefined} data-testid="time-picker" data-mode="radios">
        <legend className={labelClass}>{label}</legend>
        <div className="mt-1 grid grid-cols-2 gap-2">
          {slots.map((slot) => (
            <label key={slot} className="flex items-center gap-2 rounded-tenant border border-black/20 px-3 py-2">
              <input type="radio" name={name} value={slot} defaultChecked={slot === defaultValue} className="size-4" />
              {formatClock(slot)}
            </label>
          ))}
        </div>
        <FieldError id={errorId} errors={error} />
      </fieldset>
    );
  }

  const buttonText = value ? formatClock(value) : slots.length === 0 && emptyText ? emptyText : 'Select a Time';
  const buttonProps: PickerButtonProps = {
    id,
    className:
      'mt-1 flex min-h-11 w-full cursor-pointer items-center justify-between rounded-tenant border border-gray-500 bg-white px-3 py-2 text-left text-gray-900 aria-[invalid=true]:border-red-700',
    'aria-labelledby': `${id}-label ${id}`,
    'aria-describedby': error ? errorId : undefined,
    'aria-invalid': error ? true : undefined,
  };
  let picker;
  if (small) {
    // The button is the picker's own; the dialog's code loads on the first press.
    picker = (
      <>
        <button
          type="button"
          {...buttonProps}
          aria-haspopup="dialog"
          onClick={(event) => {
            setOpener(openerOf(event));
            setDialogOpen(true);
          }}
        >
          {buttonText}
        </button>
        {opener ? (
          <Suspense fallback={null}>
            <TimeDialog
              open={dialogOpen}
              onClose={() => setDialogOpen(false)}
              slots={slots}
              value={value}
              onPick={setValue}
            />
          </Suspense>
        ) : null}
      </>
    );
  } else {
    // Until pressed (and while the popover's code loads): the button it renders, in the box it renders.
    const plain = (
      <div className="relative">
        <button type="button" {...buttonProps} aria-expanded={false} onClick={(event) => setOpener(openerOf(event))}>
          {buttonText}
        </button>
      </div>
    );
    picker = opener ? (
      <Suspense fallback={plain}>
        <TimePopover
          buttonProps={buttonProps}
          buttonText={buttonText}
          focus
          opener={opener}
          slots={slots}
          value={value}
          onPick={setValue}
        />
      </Suspense>
    ) : (
      plain
    );
  }
  return (
    <div data-testid="time-picker" data-mode={small ? 'dialog' : 'popover'}>
      <span className={labelClass} id={`${id}-label`}>
        {label}
      </span>
      <input type="hidden" name={name} value={value} />
      {picker}
      <FieldError id={errorId} errors={error} />
    </div>
  );
}
