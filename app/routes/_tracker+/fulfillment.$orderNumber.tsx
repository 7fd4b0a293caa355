import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import type { Method } from '~/lib/tracker/fulfillment-form';
import { appointmentView } from '~/lib/tracker/appointment';
import { deliveryFacts } from '~/lib/tracker/step-facts';
import { CallUs, StepActions, StepFacts, StepPage } from '~/components/tracker/step-page';
import { TrackerErrorBoundary } from '~/components/tracker/tracker-error-boundary';
import { TrackerLayout } from '~/components/tracker/tracker-layout';
import { trackerMeta } from '~/components/tracker/tracker-meta';
import { island } from '~/components/ui/island';
import { loadTrackerPage, tryAgain } from '~/lib/tracker-data.server';
import { checkZip, requestAppointment } from './fulfillment.$orderNumber.server';
import { requireStepContext, tryApi } from '../progress+/$orderNumber.steps.server';
import { endpoints } from '~/lib/contract/endpoints';

// /fulfillment/$orderNumber: SCHEDULE_DELIVERY, the tracker's last step, outside /progress
// (commerce-api.md). Same loader as the tracker layout (not ready sends to the active step),
// plus the scheduling data: pickup locations, the bookable days and times, the appointment.

export const handle = { pageType: 'fulfillment' };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [tracker, fulfillment] = await Promise.all([
    loadTrackerPage(request, params.orderNumber),
    requireStepContext(request, params).then((step) =>
      tryApi(step.api, endpoints.fulfillment.get, { params: { orderNumber: step.orderNumber } }),
    ),
  ]);
  const scheduling = fulfillment.ok ? fulfillment.value.data : null;
  return {
    ...tracker,
    fulfillment: scheduling,
    // The appointment in the zone the scheduling form uses, when the scheduling data says it.
    stepFacts: scheduling ? deliveryFacts(tracker, scheduling.timeZone) : tracker.stepFacts,
    appointment: scheduling ? appointmentView(scheduling) : null,
  };
}

export async function action({ request, params, context: loadContext }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const intent = form.get('intent');
  if (intent === 'try-again')
    return tryAgain(request, loadContext, `/fulfillment/${encodeURIComponent(params.orderNumber ?? '')}`);
  const step = await requireStepContext(request, params);
  if (intent === 'check-zip') return checkZip(step, form);
  if (intent === 'schedule') return requestAppointment(request, step, form);
  throw data(null, { status: 400 });
}

// The scheduling form hydrates on the shopper's first interaction with it (decision 057): until
// then it is the no-JavaScript form, which posts as it does without JavaScript.
const SchedulerIsland = island(() => import('~/components/tracker/schedule-form').then((module) => module.Scheduler), {
  hydrateOn: '[data-testid="scheduler"]',
});

// The appointment loads only on a page that has one; a requested one with its polling.
const AppointmentIsland = island(
  () => import('~/components/tracker/appointment').then((module) => module.Appointment),
  { start: 'render' },
);
const RequestedAppointmentIsland = island(
  () => import('~/components/tracker/appointment-requested').then((module) => module.RequestedAppointment),
  { start: 'render' },
);

export default function FulfillmentPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() ?? null;
  const [search] = useSearchParams();
  const fulfillment = page.fulfillment ?? null;
  const scheduled = Boolean(fulfillment?.appointmentTime);
  const change = search.get('change') === '1';
  const method: Method =
    reply?.kind === 'schedule'
      ? reply.input.method
      : search.get('method') === 'delivery'
        ? 'DELIVERY'
        : search.get('method') === 'pickup'
          ? 'PICKUP'
          : (fulfillment?.method ?? 'PICKUP');
  const showForm = fulfillment !== null && (!scheduled || change || reply?.kind === 'schedule');
  return (
    <TrackerLayout data={page}>
      <StepPage data={page} step="SCHEDULE_DELIVERY">
        <StepFacts facts={page.stepFacts} />
        <StepActions step="SCHEDULE_DELIVERY" title="Delivery or pickup">
          {page.appointment?.state === 'Requested' ? (
            <RequestedAppointmentIsland
              orderNumber={page.orderNumber}
              appointment={page.appointment}
              thanked={search.get('requested') === '1'}
              changeLink={!showForm}
            />
          ) : page.appointment ? (
            <AppointmentIsland
              orderNumber={page.orderNumber}
              appointment={page.appointment}
              thanked={false}
              changeLink={!showForm}
            />
          ) : null}
          {showForm && fulfillment ? (
            <SchedulerIsland
              orderNumber={page.orderNumber}
              fulfillment={fulfillment}
              method={method}
              reply={reply}
              change={change}
            />
          ) : scheduled ? null : (
            <p>Choose delivery or pickup, then a date and time, here once this step is ready.</p>
          )}
          <p className="text-sm">
            <CallUs prefix="Need a hand? Call" />
          </p>
        </StepActions>
      </StepPage>
    </TrackerLayout>
  );
}

export const meta: MetaFunction<typeof loader> = (args) => trackerMeta(args);

export const ErrorBoundary = TrackerErrorBoundary;
