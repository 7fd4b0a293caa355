import type { Address } from '~/lib/contract/tracker';

/** "418 Oak Hollow Lane, Austin, TX 78704": an address on one line, as pages, e-mails and calendar files say it. */
export function formatAddress(address: Address): string {
  return `${address.street}${address.line2 ? `, ${address.line2}` : ''}, ${address.city}, ${address.state} ${address.zip}`;
}
