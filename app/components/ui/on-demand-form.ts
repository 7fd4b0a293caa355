import type { FormMetadata } from '@conform-to/react';
import { useCallback, useEffect, useRef, type FocusEvent } from 'react';

// conform's options and the form's events for checks loaded by useLazyValidation (./lazy-validation.ts)
// on the form's first focus (decision 043). A module of its own, so the pages whose forms do
// not use them (the lead form's) do not load them.

/**
 * conform's options for checks that load on demand: on blur, then on input, once `validate` is
 * here; before, on submit only, which without `onValidate` is the server's check.
 */
export function onDemandChecks<S>(validate: ((formData: FormData) => S) | null) {
  return {
    shouldValidate: validate ? 'onBlur' : 'onSubmit',
    shouldRevalidate: validate ? 'onInput' : 'onSubmit',
    onValidate: validate ? ({ formData }: { formData: FormData }) => validate(formData) : undefined,
  } as const;
}

/**
 * The form's events for checks that load on demand: its first focus or input (an autofill can
 * type without a focus) starts the load, and the fields the shopper left before the checks
 * arrived are checked as soon as they do, as their blur would have been (a quick typist, or a
 * slow line, leaves a field or two first). Spread them on the form; `ready` is whether the
 * checks are here.
 */
export function useOnDemandEvents(form: Pick<FormMetadata, 'validate'>, ready: boolean, prepare: () => void) {
  const left = useRef(new Set<string>());
  const { validate } = form;
  useEffect(() => {
    if (!ready) return;
    for (const name of left.current) validate({ name });
    left.current.clear();
  }, [ready, validate]);
  const onBlur = useCallback(
    (event: FocusEvent<HTMLFormElement>) => {
      // The event's target is the field left (focus events bubble to the form in React).
      const field: EventTarget = event.target;
      const isField =
        field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement;
      if (!ready && isField && field.name) left.current.add(field.name);
    },
    [ready],
  );
  return { onFocus: prepare, onInput: prepare, onBlur };
}
