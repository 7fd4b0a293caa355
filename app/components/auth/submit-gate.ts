import type { FormMetadata } from '@conform-to/react';
import { useEffect, useState } from 'react';
import { useHydrated } from '~/components/hydrated';

/** A field the shopper can change differs from what the page was rendered with. */
function isChanged(form: HTMLFormElement): boolean {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (element.type === 'hidden' || element.readOnly || element.disabled) continue;
      if (element.type === 'checkbox' || element.type === 'radio') {
        if (element.checked !== element.defaultChecked) return true;
      } else if (element.value !== element.defaultValue) {
        return true;
      }
    } else if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
      if (
        element instanceof HTMLTextAreaElement
          ? element.value !== element.defaultValue
          : element.selectedOptions[0]?.defaultSelected === false
      ) {
        return true;
      }
    }
  }
  return false;
}

/** The browser's own constraints (required, type, length), read without firing 'invalid' events. */
function meetsConstraints(form: HTMLFormElement): boolean {
  return Array.from(form.elements).every(
    (element) =>
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      ) || element.validity.valid,
  );
}

/**
 * Whether the submit button may be used (seed 000 §4.5): once the form is both changed and
 * valid. Both are read from the form as it is in the page, so values typed before React
 * hydrated count too, and untouched required fields make it invalid while their errors
 * still show only after they are touched. Before hydration (and without JavaScript) the
 * button is always usable: the server validates. `validate` is the form's schema check; while
 * it is null (loading on the form's first focus, decision 043) the browser's constraints
 * stand in for it, and the server checks the post as always.
 */
export function useSubmitGate(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
  form: FormMetadata<any, string[]>,
  validate: ((formData: FormData) => { status?: string }) | null,
): boolean {
  const hydrated = useHydrated();
  const [state, setState] = useState({ changed: false, valid: false });
  const { id, value, status } = form;
  useEffect(() => {
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement)) return;
    function update() {
      if (!(element instanceof HTMLFormElement)) return;
      const next = {
        changed: isChanged(element),
        valid: validate ? validate(new FormData(element)).status === 'success' : meetsConstraints(element),
      };
      setState((current) => (current.changed === next.changed && current.valid === next.valid ? current : next));
    }
    update();
    element.addEventListener('input', update);
    element.addEventListener('change', update);
    return () => {
      element.removeEventListener('input', update);
      element.removeEventListener('change', update);
    };
  }, [id, validate, value, status]);
  return !hydrated || (state.changed && state.valid);
}
