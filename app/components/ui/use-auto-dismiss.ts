import { useEffect, useRef, useState } from 'react';
import { createAutoDismiss } from './feedback';

/**
 * Open until `ms` have passed (never when `ms` is null) or `close` is called; either way
 * `onClose` is told once. Shared by the toast and the snackbar.
 */
export function useAutoDismiss(
  ms: number | null,
  onClose: (() => void) | undefined,
): { open: boolean; close: () => void } {
  const [open, setOpen] = useState(true);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const timer = createAutoDismiss(ms, () => {
      setOpen(false);
      closeRef.current?.();
    });
    timer.start();
    return timer.stop;
  }, [ms]);
  const close = () => {
    setOpen(false);
    closeRef.current?.();
  };
  return { open, close };
}
