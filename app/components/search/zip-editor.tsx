import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useHydrated } from '~/components/hydrated';
import { PinIcon } from '~/components/vehicles/icons';
import { useCurrentPath } from '~/components/vehicles/use-current-path';
import { RESOURCE_PATHS } from '~/lib/search/actions';
import type { ZipActionData } from '~/lib/search/zip';
import { ZIP_LENGTH, maskZip, zipError } from '~/lib/search/zip-rules';

// The zip code editor (seed 001 §2, §5). With JavaScript: a button showing the current zip
// that turns into an input labelled 'Zip code', masked to five digits, checked with the rules the
// server's schema is built from (./zip-rules: no zod in the browser) and submitted when it loses
// focus or on Enter or Update (Escape gives up). Without JavaScript: the same input in a form
// with an Update button, posting to /zip.
//
// The pages render it as an island that hydrates on the shopper's first interaction with the
// form (`data-zip-editor`, ./zip-editor-island, decision 061): until then, with JavaScript too,
// it is the server's form. Hydrated while the shopper is in its input (or has typed in it), it
// stays the input, which then gets what was typed (the island replays it), and becomes the
// button once they leave it; the focus is never moved to it at hydration.

/** The page the editor's form posts to without JavaScript. */
export const ZIP_PAGE_PATH = '/zip';

export const ZIP_EDITOR_TEXTS = { label: 'Zip code', intro: 'Distances from', update: 'Update' } as const;

/** One line of the editor, as tall as its input (text-sm, py-1 and a border: 1.875rem) with or without it. */
const rowClass = 'flex min-h-[1.875rem] flex-wrap items-center';

function firstError(data: ZipActionData | undefined): string | null {
  return data?.result.error?.zip?.[0] ?? null;
}

/**
 * Hydrating the server's form: what the shopper typed in its input, if they are in it or have
 * typed in it (null otherwise).
 */
function typedInServerInput(inputId: string): string | null {
  if (typeof document === 'undefined') return null;
  const input = document.getElementById(inputId);
  if (!(input instanceof HTMLInputElement)) return null;
  return document.activeElement === input || input.value !== input.defaultValue ? input.value : null;
}

export function ZipEditor({ zip, className = '' }: { zip: string; className?: string }) {
  const hydrated = useHydrated();
  const redirectTo = useCurrentPath();
  const fetcher = useFetcher<ZipActionData>({ key: 'zip-editor' });
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  // Hydrated from the server's form (the first render is the server's), after the shopper's first
  // interaction with it (decision 061): still editing, with what they typed, if they are at it.
  // The first render leaves the input's value alone; the next one, controlled, keeps the typing.
  const [typed] = useState(() => (hydrated ? null : typedInServerInput(inputId)));
  const [editing, setEditing] = useState(typed !== null);
  /** Set when the shopper opens the input (or the server refuses the zip): it then takes the focus. */
  const focusOnEdit = useRef(false);
  const [value, setValue] = useState(typed === null ? zip : maskZip(typed));
  const [error, setError] = useState<string | null>(null);

  const pendingZip = fetcher.formData?.get('zip');
  const shownZip = typeof pendingZip === 'string' ? pendingZip : zip;

  // The server may still refuse the zip (one that names no place): back to the input, with why.
  useEffect(() => {
    const message = fetcher.state === 'idle' ? firstError(fetcher.data) : null;
    if (message) {
      setError(message);
      focusOnEdit.current = true;
      setEditing(true);
    }
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    if (!editing || !focusOnEdit.current) return;
    focusOnEdit.current = false;
    inputRef.current?.focus();
  }, [editing]);

  function finish() {
    const message = zipError(value);
    if (message) {
      setError(message);
      return;
    }
    setError(null);
    setEditing(false);
    const typed = value.trim();
    if (typed !== zip) fetcher.submit({ zip: typed }, { method: 'post', action: RESOURCE_PATHS.zip });
  }

  function cancel() {
    setValue(zip);
    setError(null);
    setEditing(false);
  }

  const input = (
    <input
      ref={inputRef}
      id={inputId}
      name="zip"
      type="text"
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={ZIP_LENGTH}
      required
      className="w-24 rounded-tenant border border-gray-500 bg-surface px-2 py-1 text-ink aria-[invalid=true]:border-red-700"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      {...(hydrated
        ? {
            value,
            onChange: (event: ChangeEvent<HTMLInputElement>) => {
              setValue(maskZip(event.currentTarget.value));
              setError(null);
            },
            onBlur: finish,
            onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                cancel();
              }
            },
          }
        : { defaultValue: zip })}
    />
  );

  const errorText = (
    <p id={errorId} className="min-h-4 text-xs font-semibold text-red-800" aria-live="polite">
      {error}
    </p>
  );

  // Both forms take the same height (one 1.875rem row, the height of the input and the Update
  // button, and the error line), so the page does not move when the form becomes the button
  // (issue 17 point 3, e2e/layout-shift.spec.ts).
  if (hydrated && !editing) {
    return (
      <div className={`text-sm ${className}`} data-testid="zip-editor" data-zip-editor="">
        <div className={`${rowClass} gap-1`}>
          <PinIcon className="size-4" />
          <span>{ZIP_EDITOR_TEXTS.intro}</span>
          <button
            type="button"
            className="cursor-pointer rounded-tenant px-1 font-semibold text-primary underline underline-offset-2"
            onClick={() => {
              setValue(shownZip);
              focusOnEdit.current = true;
              setEditing(true);
            }}
            aria-label={`${ZIP_EDITOR_TEXTS.label} ${shownZip}, change`}
          >
            {shownZip}
          </button>
        </div>
        {errorText}
      </div>
    );
  }

  return (
    <fetcher.Form
      method="post"
      // Without JavaScript the post lands on /zip, a page that can answer a wrong zip with a 400
      // and the message beside the typed value (issue 18); with it, the fetcher posts to the resource.
      action={hydrated ? RESOURCE_PATHS.zip : ZIP_PAGE_PATH}
      noValidate
      className={`text-sm ${className}`}
      data-testid="zip-editor"
      data-zip-editor=""
      onSubmit={(event) => {
        // Enter in the input: the same as leaving it.
        event.preventDefault();
        finish();
      }}
    >
      <div className={`${rowClass} gap-2`}>
        <PinIcon className="size-4" />
        <label htmlFor={inputId}>{ZIP_EDITOR_TEXTS.label}</label>
        {input}
        {hydrated ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
        {/* Kept once hydrated, so the form the shopper started in does not change under them. */}
        <button
          type="submit"
          className="cursor-pointer rounded-tenant border border-primary px-3 py-1 font-semibold text-primary"
          // Hydrated, a press keeps the focus in the input, so its leaving does not take the form
          // away before the click: the click submits (the same as leaving it).
          onMouseDown={(event) => event.preventDefault()}
        >
          {ZIP_EDITOR_TEXTS.update}
        </button>
      </div>
      {errorText}
    </fetcher.Form>
  );
}
