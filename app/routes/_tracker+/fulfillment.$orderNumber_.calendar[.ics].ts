import type { LoaderFunctionArgs } from '@remix-run/node';
import { endpoints } from '~/lib/contract/endpoints';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { appointmentCalendar } from '~/lib/shared/calendar';
import { requireApi, requireStepContext } from '../progress+/$orderNumber.steps.server';

// /fulfillment/{orderNumber}/calendar.ics: the appointment as a calendar file, for the
// signed-in owner of the order (404 when nothing is booked).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const step = await requireStepContext(request, params);
  const { data: fulfillment } = await requireApi(step, endpoints.fulfillment.get, {
    params: { orderNumber: step.orderNumber },
  });
  const tenant = getTenantForRequest(request);
  const body = appointmentCalendar(
    fulfillment,
    { brandName: tenant.brandName, domain: tenant.domains[0]! },
    new Date(),
  );
  if (!body) throw new Response(null, { status: 404 });
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="appointment-${step.orderNumber}.ics"`,
      'cache-control': 'no-store',
    },
  });
}
