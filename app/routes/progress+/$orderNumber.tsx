import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { TrackerErrorBoundary } from '~/components/tracker/tracker-error-boundary';
import { TrackerLayout } from '~/components/tracker/tracker-layout';
import { trackerMeta } from '~/components/tracker/tracker-meta';
import { loadTrackerPage, tryAgain } from '~/lib/tracker-data.server';
import { isRecord } from '~/lib/shared/guards';

// /progress/$orderNumber: the tracker's layout. Its loader reads the order's data, works out
// the steps, and sends unknown paths and steps that are not ready to the active step; every
// step page below reads that data (useTrackerPage).

export const handle = {
  pageType: 'progress',
  // The message banner's timer counts in the browser (seed 000 §4.4): a step showing it keeps its script (decision 073).
  scripts: (data: unknown) => (isRecord(data) && data.banner ? true : undefined),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadTrackerPage(request, params.orderNumber);
}

/** The server-issue page's Try again button posts here. */
export async function action({ request, params, context: loadContext }: ActionFunctionArgs) {
  const intent = (await request.clone().formData()).get('intent');
  if (intent !== 'try-again') throw data(null, { status: 400 });
  return tryAgain(request, loadContext, `/progress/${encodeURIComponent(params.orderNumber ?? '')}`);
}

/**
 * The steps change as the shopper acts, and this loader decides which step may be shown:
 * it runs again on every navigation inside the tracker, not only when the order changes.
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export default function TrackerRoute() {
  const tracker = useLoaderData<typeof loader>();
  return (
    <TrackerLayout data={tracker}>
      <Outlet />
    </TrackerLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => trackerMeta(args);

export const ErrorBoundary = TrackerErrorBoundary;
