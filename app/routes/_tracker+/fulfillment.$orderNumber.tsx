import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import type { Method } from '~/lib/tracker/fulfillment-form';
import { appointmentView } from '~/lib/tracker/appointment';
import { deliveryFacts } from '~/lib/tracker/step-facts';
import { CallUs, StepActions, StepFacts, StepPage } from '~/components/tracker/step-page';
import { TrackerErrorBoundary } from '~/components/tracker/tracker-error-boundary';
import { TrackerLayout } from '~/components/tracker/tracker-layout';
import { trackerMeta } from '~/components/tracker/tracker-meta';
import { loadTrackerPage, tryAgain } from '~/lib/tracker-data.server';
import { checkZip, requestAppointment } from './fulfillment.$orderNumber.server';
import { requireStepContext, tryApi } from '../progress+/$orderNumber.steps.server';
import { endpoints } from '~/lib/contract/endpoints';
import { Scheduler } from '~/components/tracker/schedule-form';
import { Appointment } from '~/components/tracker/appointment';
import { RequestedAppointment } from '~/components/tracker/appointment-requested';

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
            <RequestedAppointment
              orderNumber={page.orderNumber}
              appointment={page.appointment}
              thanked={search.get('requested') === '1'}
              changeLink={!showForm}
            />
          ) : page.appointment ? (
            <Appointment
              orderNumber={page.orderNumber}
              appointment={page.appointment}
              thanked={false}
              changeLink={!showForm}
            />
          ) : null}
          {showForm && fulfillment ? (
            <Scheduler
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
