import type { FormMetadata } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
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

/**
 * Whether the submit button may be used (seed 000 §4.5): once the form is both changed and
 * valid. Both are read from the form as it is in the page, so values typed before React
 * hydrated count too, and untouched required fields make it invalid while their errors
 * still show only after they are touched. Before hydration (and without JavaScript) the
 * button is always usable: the server validates.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
export function useCanSubmit(form: FormMetadata<any, string[]>, schema: z.ZodType): boolean {
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
        valid: parseWithZod(new FormData(element), { schema }).status === 'success',
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
  }, [id, schema, value, status]);
  return !hydrated || (state.changed && state.valid);
}
