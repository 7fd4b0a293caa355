import { Link } from '@remix-run/react';
import { MESSAGES } from '~/lib/messages';

/**
 * The error under a field. Its space is kept when empty so the page does not jump. The
 * existing-account message carries its sign-in link (seed 000 §8).
 */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const message = errors?.[0];
  return (
    <p id={id} className="min-h-5 text-sm text-red-800" aria-live="polite">
      {message === MESSAGES.existingEmail ? <ExistingEmail /> : message}
    </p>
  );
}

export function ExistingEmail() {
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
