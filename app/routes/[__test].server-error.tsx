import { data } from '@remix-run/node';
import { RouteErrorBoundary } from '~/components/route-error-boundary';
import { isTestMode } from '~/lib/shared/env.server';

// /__test/server-error: a page that fails, so the e2e suite can see the 500 page. It exists
// only in test mode; anywhere else it is an unknown URL (404).

/** Appears in the thrown error only: the tests check that it never reaches the page. */
const SECRET_DETAIL = 'deliberate failure for the e2e suite (internal detail)';

export async function loader({ request }: { request: Request }) {
  if (!isTestMode()) throw data(null, { status: 404 });
  // ?in=render fails while rendering instead of while loading.
  if (new URL(request.url).searchParams.get('in') === 'render') return { fail: true };
  throw new Error(SECRET_DETAIL);
}

export default function ServerErrorProbe() {
  throw new Error(SECRET_DETAIL);
}

export const ErrorBoundary = RouteErrorBoundary;
