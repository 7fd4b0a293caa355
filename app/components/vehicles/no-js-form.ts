import type { FetcherWithComponents } from '@remix-run/react';
import type { FormEvent } from 'react';

// The small POST forms of the cards (heart, Compare, Remove) are ordinary forms: without
// JavaScript they post with a redirectTo field and the server sends the shopper back. With
// JavaScript the same form goes through a fetcher without that field, and gets JSON. The
// markup never depends on JavaScript, so cards that stream in later (similar vehicles)
// hydrate without a mismatch.

export const REDIRECT_FIELD = 'redirectTo';

/** An onSubmit handler: posts the form through the fetcher, minus redirectTo. */
export function submitThroughFetcher(
  fetcher: Pick<FetcherWithComponents<unknown>, 'submit'>,
  event: FormEvent<HTMLFormElement>,
): void {
  event.preventDefault();
  const form = event.currentTarget;
  const formData = new FormData(form);
  formData.delete(REDIRECT_FIELD);
  fetcher.submit(formData, { method: 'post', action: form.getAttribute('action') ?? undefined });
}

/** Where a card's form comes back to without JavaScript: the same page, scrolled to the card. */
export function withAnchor(path: string, anchor: string | undefined): string {
  return anchor ? `${path}#${anchor}` : path;
}

/** The id a vehicle card carries, so a form posted from it can come back to it. */
export function vehicleCardAnchor(vin: string): string {
  return `vehicle-${vin}`;
}
