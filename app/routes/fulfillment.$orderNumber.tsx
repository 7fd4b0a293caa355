import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { deliveryFacts } from '~/components/tracker/step-facts';
import { StepActionsSlot, StepFacts, StepPage } from '~/components/tracker/step-page';
import { TrackerErrorBoundary } from '~/components/tracker/tracker-error-boundary';
import { TrackerLayout } from '~/components/tracker/tracker-layout';
import { trackerMeta } from '~/components/tracker/tracker-meta';
import { loadTrackerPage, tryAgain } from '~/lib/tracker-data.server';

// /fulfillment/$orderNumber: SCHEDULE_DELIVERY, the tracker's last step, outside /progress
// (commerce-api.md). Same loader as the tracker layout; not ready sends to the active step.

export const handle = { pageType: 'fulfillment' };

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadTrackerPage(request, params.orderNumber);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const intent = (await request.clone().formData()).get('intent');
  // NEXT PART: the scheduling intents (delivery or pickup, date, time, address) post here too.
  if (intent !== 'try-again') throw data(null, { status: 400 });
  return tryAgain(request, `/fulfillment/${encodeURIComponent(params.orderNumber ?? '')}`);
}

export default function FulfillmentPage() {
  const tracker = useLoaderData<typeof loader>();
  return (
    <TrackerLayout data={tracker}>
      <StepPage data={tracker} step="SCHEDULE_DELIVERY">
        <StepFacts facts={deliveryFacts(tracker)} />
        {/* NEXT PART: delivery or pickup, location and zip dialogs, date and time pickers, address change. */}
        <StepActionsSlot step="SCHEDULE_DELIVERY">Soon you will choose delivery or pickup and book a date and time here.</StepActionsSlot>
      </StepPage>
    </TrackerLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => trackerMeta(args);

export const ErrorBoundary = TrackerErrorBoundary;
