import { DOCUMENT_ERRORS } from '~/lib/contract/tracker-constants';
import { isOneOf } from '~/lib/shared/guards';

// What the documents step says about an upload (seed 002 §5: pdf, png, jpg; 4 MB a PDF,
// 25 MB an image). Shared by the page (no JavaScript: the error comes back in the URL) and the
// uploader (JavaScript: the error comes back as JSON).

export const UPLOAD_ERROR_KEYS = ['tooLarge', 'unsupportedType', 'noFile', 'tooManyFiles', 'failed'] as const;
export type UploadErrorKey = (typeof UPLOAD_ERROR_KEYS)[number];

export const UPLOAD_MESSAGES: Record<UploadErrorKey, string> = {
  tooLarge: 'This file is too large: a PDF can be up to 4 MB and a PNG or JPG up to 25 MB. Nothing was uploaded.',
  unsupportedType: 'This file is not a PDF, PNG or JPG. Nothing was uploaded.',
  noFile: 'Choose a file to upload.',
  tooManyFiles: 'Upload at most 10 files at a time.',
  failed: 'We could not upload your file. Please try again.',
};

export function uploadErrorKey(code: string | null): UploadErrorKey {
  switch (code) {
    case DOCUMENT_ERRORS.tooLarge:
      return 'tooLarge';
    case DOCUMENT_ERRORS.unsupportedType:
      return 'unsupportedType';
    case DOCUMENT_ERRORS.noFile:
      return 'noFile';
    case DOCUMENT_ERRORS.tooManyFiles:
      return 'tooManyFiles';
    default:
      return 'failed';
  }
}

export function isUploadErrorKey(value: string | null): value is UploadErrorKey {
  return isOneOf(UPLOAD_ERROR_KEYS, value);
}

export const ACCEPTED_FILES = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

export function docUploadPath(orderNumber: string): string {
  return `/progress/${encodeURIComponent(orderNumber)}/doc-upload`;
}

/** Where the upload form posts: a resource route that streams the files on to the commerce API. */
export function uploadActionPath(orderNumber: string, dealId: string, type: string): string {
  return `${docUploadPath(orderNumber)}/files?${new URLSearchParams({ deal: dealId, type })}`;
}

export function thumbnailPath(orderNumber: string, dealId: string, documentId: string): string {
  return `${docUploadPath(orderNumber)}/files/${encodeURIComponent(documentId)}?${new URLSearchParams({ deal: dealId, view: 'thumbnail' })}`;
}

export function filePath(orderNumber: string, dealId: string, documentId: string): string {
  return `${docUploadPath(orderNumber)}/files/${encodeURIComponent(documentId)}?${new URLSearchParams({ deal: dealId })}`;
}
