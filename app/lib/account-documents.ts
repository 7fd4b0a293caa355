import type { AccountDocument } from './contract/account-documents';

// The account documents page's texts and links, shared by its loader and its component.
// Seed 002 §8 "Documents: failed to load documents; download failure".

export const DOCUMENT_TEXTS = {
  loadFailed: 'Failed to load documents. Please try again.',
  downloadFailed: 'Failed to download the document. Please try again.',
  empty: 'Documents you upload or sign for your orders, and your order receipts, will show here.',
} as const;

/** The download address of a document on the account page (its receipt is the receipt page). */
export function documentHref(document: AccountDocument): string | null {
  if (!document.downloadable) return null;
  if (document.kind === 'receipt') return `/checkout/receipt/${encodeURIComponent(document.orderNumber)}`;
  return `/account/documents/download?${new URLSearchParams({ id: document.id })}`;
}
