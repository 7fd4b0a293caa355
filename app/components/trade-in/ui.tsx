import { Form } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { useHydrated } from '~/components/hydrated';
import { Dialog } from '~/components/ui/dialog';
import { primaryButton, secondaryButton } from '~/components/ui/button';

// The trade-in pages' dialogs and yes/no answers (the fields are the kit's, app/components/ui). A dialog is a Headless UI dialog with JavaScript and, without it, the same
// content as a server-rendered step in the page (docs/decisions/005).

export const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export function yesNoValue(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : value ? 'yes' : 'no';
}

/** A result the server decided (success, review, ineligible, check e-mail): a dialog with JS, a section without. */
export function ResultDialog({
  title,
  children,
  testId,
  onCloseHref,
}: {
  title: string;
  children: ReactNode;
  testId: string;
  onCloseHref?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
  if (hydrated) {
    return (
      <>
        {!open ? (
          <div className="rounded-tenant border-2 border-primary p-4" data-testid={`${testId}-closed`}>
            <h2 className="text-xl font-bold">{title}</h2>
            <div className="mt-2">{children}</div>
          </div>
        ) : null}
        <Dialog open={open} onClose={() => setOpen(false)} title={title} testId={testId}>
          {children}
          {onCloseHref === undefined ? (
            <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setOpen(false)}>
              Close
            </button>
          ) : null}
        </Dialog>
      </>
    );
  }
  return (
    <section
      role="group"
      aria-labelledby={`${testId}-title`}
      className="rounded-tenant border-2 border-primary p-4"
      data-testid={testId}
    >
      <h2 id={`${testId}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/**
 * A form whose action needs a confirmation (delete, remove, the tax question). With JS the
 * submit opens a dialog whose buttons post with `confirmed`; without JS the server answers
 * with `confirming` and the page shows the same question as a step (ConfirmStep).
 */
export function ConfirmForm({
  intent,
  id,
  label,
  title,
  body,
  choices,
  testId,
  action,
  returnTo,
}: {
  intent: string;
  id: string;
  /** Another route's action (the cart posts to /account/trade-ins) and where it sends the shopper back. */
  action?: string;
  returnTo?: string;
  label: string;
  title: string;
  body: string;
  /** The answers, each posted as `confirmed=<value>`. */
  choices: ReadonlyArray<{ value: string; label: string }>;
  testId: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form
        method="post"
        action={action}
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <button type="submit" className={secondaryButton} data-testid={`${testId}-button`}>
          {label}
        </button>
      </Form>
      {hydrated ? (
        <Dialog open={open} onClose={() => setOpen(false)} title={title} description={body} testId={`${testId}-dialog`}>
          <Form method="post" action={action} className="flex flex-wrap gap-3" onSubmit={() => setOpen(false)}>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={id} />
            {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
            {choices.map((choice, index) => (
              <button
                key={choice.value}
                type="submit"
                name="confirmed"
                value={choice.value}
                className={index === 0 ? primaryButton : secondaryButton}
              >
                {choice.label}
              </button>
            ))}
            <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </Form>
        </Dialog>
      ) : null}
    </>
  );
}

/** The server-rendered confirmation step of a ConfirmForm (the page without JavaScript). */
export function ConfirmStep({
  intent,
  id,
  title,
  body,
  choices,
  cancelHref,
  testId,
  returnTo,
}: {
  intent: string;
  id: string;
  returnTo?: string;
  title: string;
  body: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  cancelHref: string;
  testId: string;
}) {
  return (
    <section
      role="group"
      aria-labelledby={`${testId}-title`}
      className="rounded-tenant border-2 border-primary p-4"
      data-testid={testId}
    >
      <h2 id={`${testId}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1">{body}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        {choices.map((choice, index) => (
          <button
            key={choice.value}
            type="submit"
            name="confirmed"
            value={choice.value}
            className={index === 0 ? primaryButton : secondaryButton}
          >
            {choice.label}
          </button>
        ))}
        <a href={cancelHref} className={secondaryButton}>
          Cancel
        </a>
      </Form>
    </section>
  );
}
