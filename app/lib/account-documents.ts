import type { AccountDocument } from './contract/account-documents';
import { KEY_BY_TYPE, UPLOAD_TYPES } from './contract/tracker-constants';
import { isOneOf } from './shared/guards';
import { DOCUMENT_LABEL } from './tracker/document-labels';

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

/** An upload's type as the tracker names it ("Driver’s license", not the API's "DriversLicense"). */
function withReadableType(document: AccountDocument): AccountDocument {
  if (document.kind !== 'upload' || !isOneOf(UPLOAD_TYPES, document.type)) return document;
  return { ...document, type: DOCUMENT_LABEL[KEY_BY_TYPE[document.type]] };
}

/** Orders per page of /account/documents: each with its receipt, contract and uploads. */
export const DOCUMENT_ORDERS_PER_PAGE = 5;

export type DocumentGroup = { orderNumber: string; documents: AccountDocument[] };

/**
 * The documents grouped by order (in the order the list first names them: the newest first),
 * one page of orders at a time (issue 35 point 6: 113 rows in one table read as a log).
 * A page past the last shows the last.
 */
export function pageOfDocumentGroups(
  documents: readonly AccountDocument[],
  requestedPage: number,
): { groups: DocumentGroup[]; page: number; pageCount: number } {
  const byOrder = new Map<string, AccountDocument[]>();
  for (const document of documents.map(withReadableType)) {
    const group = byOrder.get(document.orderNumber);
    if (group) group.push(document);
    else byOrder.set(document.orderNumber, [document]);
  }
  const all = [...byOrder].map(([orderNumber, list]) => ({ orderNumber, documents: list }));
  const pageCount = Math.max(1, Math.ceil(all.length / DOCUMENT_ORDERS_PER_PAGE));
  const page = Math.min(Math.max(1, Number.isInteger(requestedPage) ? requestedPage : 1), pageCount);
  const start = (page - 1) * DOCUMENT_ORDERS_PER_PAGE;
  return { groups: all.slice(start, start + DOCUMENT_ORDERS_PER_PAGE), page, pageCount };
}
