import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FormConstraint } from '~/lib/shared/validation/form-constraints';

// The forms whose only check is the server's (decision 088, decision 100): the action answers
// conform's `submission.reply()` (status 400) and this hook shows each message beside its field,
// with or without JavaScript, as conform's `useForm` did, without conform's client (about 11 KB
// gzipped). A field's metadata has the shape the kit's field, select and choices read (id, name,
// error id, errors, the value to start with, the browser's constraints from the loader), and its
// live value (what the shopper chose, read from the form on each input) for the parts a choice
// shows or hides. After the server's errors arrive, the first field in error takes the focus.

/** The server's answer to a post (conform's `SubmissionResult`): messages by field name ('' for the form). */
export type ServerReply = {
  status?: 'success' | 'error';
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

/**
 * What the kit's field, select and choices read from a field's metadata: this module's, or
 * conform's for the forms that still check in the browser (sign-up, the account page).
 */
export type FieldLike = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
  key?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
};

/** A field of a form checked by the server: the kit's metadata and what the field holds now. */
export type FieldMeta = FieldLike & {
  errors: string[] | undefined;
  /** What the field starts with: the post sent back, else the form's defaults. */
  initialValue: unknown;
  /** What the field holds now (read from the form on each input once the page is live). */
  value: unknown;
};

/** A control's props from its metadata, as conform's getInputProps gives them (without the aria ones). */
export function controlProps(meta: FieldLike) {
  return {
    key: meta.key,
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    required: meta.required || undefined,
  };
}

type Path = Array<string | number>;

/** 'coBuyer.address.zip' → ['coBuyer', 'address', 'zip']; 'items[0].zip' → ['items', 0, 'zip']. */
function parsePath(name: string): Path {
  const path: Path = [];
  for (const match of name.matchAll(/([^.[\]]+)|\[(\d*)\]/g)) {
    if (match[1] !== undefined) path.push(match[1]);
    else path.push(match[2] ? Number(match[2]) : '');
  }
  return path;
}

function isRecord(value: unknown): value is Record<string | number, unknown> {
  return typeof value === 'object' && value !== null;
}

function valueAt(root: unknown, name: string): unknown {
  let current = root;
  for (const segment of parsePath(name)) {
    if (!isRecord(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** A default as a field holds it: numbers as text, a ticked box as 'on' (as conform serialises them). */
function asFieldValue(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'on' : undefined;
  if (value === null) return undefined;
  return value;
}

/** The form's values as a nested object, read from its fields as the browser would post them. */
function readForm(form: HTMLFormElement): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, entry] of new FormData(form)) {
    if (typeof entry !== 'string') continue;
    const path = parsePath(name);
    let node: Record<string | number, unknown> = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = entry;
        return;
      }
      // A list's items are addressed by index ('items[0].zip'): a list, as conform gives it.
      if (!isRecord(node[segment])) node[segment] = typeof path[index + 1] === 'number' ? [] : {};
      const next = node[segment];
      if (isRecord(next)) node = next;
    });
  }
  return root;
}

/** The constraint of a name, or of its list's items ('items[0].zip' → 'items[].zip'). */
function constraintOf(constraint: FormConstraint, name: string) {
  return constraint[name] ?? constraint[name.replace(/\[\d+\]/g, '[]')] ?? {};
}

type FormState = {
  id: string;
  errors: Record<string, string[] | null>;
  initial: unknown;
  live: Record<string, unknown> | null;
  constraint: FormConstraint;
  key: string | undefined;
};

function fieldOf(state: FormState, name: string): FieldMeta {
  const id = `${state.id}-${name}`;
  const errors = state.errors[name] ?? undefined;
  const initialValue = asFieldValue(valueAt(state.initial, name));
  const live = state.live ? valueAt(state.live, name) : initialValue;
  return {
    id,
    name,
    formId: state.id,
    errorId: `${id}-error`,
    errors: errors?.length ? errors : undefined,
    initialValue,
    value: live,
    key: state.key,
    ...constraintOf(state.constraint, name),
  };
}

export type ServerFormMeta = {
  id: string;
  errorId: string;
  /** The form's own messages (not a field's). */
  errors: string[] | undefined;
  /** The form's props: its id, and no browser check popups (the server's messages show instead). */
  props: { id: string; noValidate: true };
  state: FormState;
};

/** The fields of a form by name: `fields.email`, typed by the form's values. */
export type ServerFields<Values> = { [Name in keyof Values & string]-?: FieldMeta };

/**
 * A form checked by the server: its metadata and its fields. `lastResult` is the action's reply,
 * `defaultValue` what the form starts with, `constraint` the browser's constraints the loader read
 * from the schema.
 */
export function useServerForm<Values extends object = Record<string, unknown>>({
  id,
  lastResult,
  defaultValue,
  constraint = {},
}: {
  id: string;
  lastResult?: ServerReply | null;
  defaultValue?: Record<string, unknown>;
  constraint?: FormConstraint;
}): [ServerFormMeta, ServerFields<Values>] {
  const [live, setLive] = useState<Record<string, unknown> | null>(null);
  const [resets, setResets] = useState(0);
  const reset = lastResult?.initialValue === null;
  const initial = (reset ? undefined : lastResult?.initialValue) ?? defaultValue ?? {};
  const errors = useMemo(() => lastResult?.error ?? {}, [lastResult]);

  // The shopper's choices, read from the form on each input (a choice may show or hide fields).
  useEffect(() => {
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement)) return;
    const form = element;
    const update = () => setLive(readForm(form));
    update();
    form.addEventListener('input', update);
    form.addEventListener('change', update);
    form.addEventListener('reset', () => setTimeout(update));
    return () => {
      form.removeEventListener('input', update);
      form.removeEventListener('change', update);
    };
  }, [id, resets]);

  // A new reply: a reset starts the fields again; errors put the focus in the first field in error.
  useEffect(() => {
    if (!lastResult) return;
    if (lastResult.initialValue === null) {
      setResets((count) => count + 1);
      return;
    }
    if (lastResult.status !== 'error') return;
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement)) return;
    for (const element of Array.from(form.elements)) {
      const field =
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
          ? element
          : null;
      if (field?.name && lastResult.error?.[field.name]?.length) {
        field.focus();
        break;
      }
    }
  }, [id, lastResult]);

  const state: FormState = {
    id,
    errors,
    initial,
    live,
    constraint,
    key: resets > 0 ? String(resets) : undefined,
  };
  // Each name's metadata on demand (as conform's fields are): the proxy answers every key of Values.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- an empty target whose every property the proxy's get gives
  const fields = new Proxy({} as ServerFields<Values>, {
    get: (_, name) => (typeof name === 'string' ? fieldOf(state, name) : undefined),
  });
  const formErrors = errors[''] ?? undefined;
  return [
    {
      id,
      errorId: `${id}-error`,
      errors: formErrors?.length ? formErrors : undefined,
      props: { id, noValidate: true },
      state,
    },
    fields,
  ];
}

const FormStateContext = createContext<FormState | null>(null);

/** Gives the fields inside a form (addressed by name, `useServerField('coBuyer.zip')`) its state. */
export function ServerFormProvider({ form, children }: { form: ServerFormMeta; children: ReactNode }) {
  return <FormStateContext.Provider value={form.state}>{children}</FormStateContext.Provider>;
}

/** A field of the form around it, by name. */
export function useServerField(name: string): FieldMeta {
  const state = useContext(FormStateContext);
  if (!state) throw new Error(`useServerField('${name}') outside a ServerFormProvider`);
  return fieldOf(state, name);
}
