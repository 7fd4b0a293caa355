import type { LoaderFunctionArgs } from '@remix-run/node';
import { downloadDocument } from './documents.server';

// GET /account/documents/download?id=…: one of the shopper's documents (owner only).

export function loader({ request }: LoaderFunctionArgs) {
  return downloadDocument(request);
}
