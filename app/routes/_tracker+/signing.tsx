import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { TrackerErrorBoundary } from '~/components/tracker/tracker-error-boundary';
import { signingEntryRedirect } from '~/lib/tracker-data.server';

// /signing?orderNumber=…: the signing entry the contract e-mails link to. It sends the shopper
// (signed in first) to the order's signing step. Its children are /signing/hello-again and
// /signing/thank-you.

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.pathname.replace(/\/$/, '') !== '/signing') return null;
  throw await signingEntryRedirect(request, url.searchParams.get('orderNumber'));
}

export default function SigningEntry() {
  return <Outlet />;
}

export const ErrorBoundary = TrackerErrorBoundary;
