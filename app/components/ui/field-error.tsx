import { Link } from '@remix-run/react';
import { MESSAGES } from '~/lib/messages';

// The error under a field, on its own so that a page whose form has no text field of the kit
// (the tracker's consent forms) does not load the field's masks and conform's helpers.

/** Errors as conform gives them (a list) or as a form without conform has them (one message). */
export type FieldErrors = readonly string[] | string | null | undefined;

export function firstError(errors: FieldErrors): string | undefined {
  if (!errors) return undefined;
  return typeof errors === 'string' ? errors : errors[0];
}

/**
 * The error under a field. Its space is kept when empty so the page does not jump. The
 * existing-account message carries its sign-in link (seed 000 §8).
 */
export function FieldError({ id, errors }: { id: string; errors?: FieldErrors }) {
  const message = firstError(errors);
  return (
    <p id={id} className="min-h-5 text-sm text-red-800" aria-live="polite">
      {message === MESSAGES.existingEmail ? <ExistingEmail /> : message}
    </p>
  );
}

function ExistingEmail() {
  const [lead] = MESSAGES.existingEmail.split(MESSAGES.existingEmailLinkText);
  return (
    <span data-testid="existing-email">
      {lead}
      <Link to="/sign-in" className="font-semibold underline">
        {MESSAGES.existingEmailLinkText}
      </Link>
    </span>
  );
}
