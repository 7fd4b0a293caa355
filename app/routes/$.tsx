import { data } from '@remix-run/node';
import { RouteErrorBoundary } from '~/components/route-error-boundary';

// Any URL no other route claims: a real 404 status, and the not-found page inside the shell.

/** Names the page view (see usePageType in root.tsx). */
export const handle = { pageType: 'notFound' };

export async function loader() {
  throw data(null, { status: 404 });
}

export async function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
