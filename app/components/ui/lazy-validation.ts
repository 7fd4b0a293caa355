import { useCallback, useRef, useState } from 'react';

// A form's browser-side checks loaded when the shopper first focuses the form, not with the
// page (issue 17: the schema, zod and the phone metadata are most of a form page's JavaScript,
// and most visitors of the vehicle page never fill its form). Until the checks are here the form
// validates on submit only, which without `onValidate` means on the server, exactly as without
// JavaScript; conform reads `onValidate` and `shouldValidate` afresh on every render.

type Validator<V> = { validate: V };

/**
 * `validate` is null until `load` has answered; call `prepare` from the form's focus (it loads
 * once). A failed load leaves the server's checks, which every form has anyway.
 */
export function useLazyValidation<V>(load: () => Promise<V>): { validate: V | null; prepare: () => void } {
  const [loaded, setLoaded] = useState<Validator<V> | null>(null);
  const started = useRef(false);
  const prepare = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(
      (validate) => setLoaded({ validate }),
      () => {
        started.current = false;
      },
    );
  }, [load]);
  return { validate: loaded?.validate ?? null, prepare };
}
