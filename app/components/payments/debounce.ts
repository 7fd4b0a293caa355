import { useEffect, useRef, useState } from 'react';

export type Debouncer<T> = {
  /** Delivers `value` once `ms` pass without another call; a newer value replaces it. */
  schedule(value: T): void;
  /** Delivers the waiting value now, if there is one. */
  flush(): void;
  /** Forgets the waiting value. */
  cancel(): void;
};

export function createDebouncer<T>(deliver: (value: T) => void, ms: number): Debouncer<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: { value: T } | undefined;
  function cancel() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    waiting = undefined;
  }
  function flush() {
    const pending = waiting;
    cancel();
    if (pending) deliver(pending.value);
  }
  return {
    schedule(value) {
      cancel();
      waiting = { value };
      timer = setTimeout(flush, ms);
    },
    flush,
    cancel,
  };
}

/**
 * A debouncer that lives as long as the component, always calls the latest `deliver`, and
 * drops a waiting value on unmount (the shopper left; nobody is listening).
 */
export function useDebouncer<T>(deliver: (value: T) => void, ms: number): Debouncer<T> {
  const latest = useRef(deliver);
  useEffect(() => {
    latest.current = deliver;
  });
  const [debouncer] = useState(() => createDebouncer<T>((value) => latest.current(value), ms));
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return debouncer;
}
