import { outsideHoursMessage } from '~/lib/shared/dealer-time';
import { data } from '@remix-run/node';
import {
  ADDRESS_MESSAGES,
  FULFILLMENT_MESSAGES,
  addressError,
  readScheduleForm,
  toAddress,
  validateSchedule,
  type FulfillmentReply,
  type ScheduleErrors,
  type ScheduleInput,
} from '~/lib/tracker/fulfillment-form';
import { requireApi, stepRedirect, tryApi, type StepContext } from '../progress+/$orderNumber.steps.server';
import type { BodyOf } from '~/lib/contract/endpoint';
import { endpoints } from '~/lib/contract/endpoints';

// The scheduling page's action: a zip check (the delivery zip dialog), and a request for a
// pickup or a delivery. A delivery address goes through its verification step first: the
// page shows the address as verified and the shopper confirms it (addressConfirmed=1).

function schedule(
  input: ScheduleInput,
  errors: ScheduleErrors,
  status: number,
  verify: Extract<FulfillmentReply, { kind: 'schedule' }>['verify'] = null,
) {
  return data<FulfillmentReply>({ kind: 'schedule', input, errors, verify }, { status });
}

export async function checkZip(step: StepContext, form: FormData) {
  const zip = String(form.get('zip') ?? '').trim();
  if (!/^\d{5}$/.test(zip))
    return data<FulfillmentReply>({ kind: 'zip', zip, result: null, error: FULFILLMENT_MESSAGES.zip }, { status: 400 });
  const answer = await tryApi(step.api, endpoints.fulfillment.deliveryZip, {
    params: { orderNumber: step.orderNumber },
    json: { zip },
  });
  if (!answer.ok) {
    const error =
      answer.error.code === 'error.fulfillment.unknownZip' ? ADDRESS_MESSAGES.unknownZip : FULFILLMENT_MESSAGES.failed;
    return data<FulfillmentReply>(
      { kind: 'zip', zip, result: null, error },
      { status: answer.error.status >= 500 ? 502 : 422 },
    );
  }
  return data<FulfillmentReply>({ kind: 'zip', zip, result: answer.value.data, error: null });
}

export async function requestAppointment(request: Request, step: StepContext, form: FormData) {
  const order = encodeURIComponent(step.orderNumber);
  const input = readScheduleForm(form);
  const { data: window } = await requireApi(step, endpoints.fulfillment.get, {
    params: { orderNumber: step.orderNumber },
  });
  const errors = validateSchedule(input, window);
  if (Object.keys(errors).length > 0) return schedule(input, errors, 400);

  if (input.method === 'DELIVERY' && form.get('addressConfirmed') !== '1') {
    // The verification step: the address as the post office writes it, to confirm.
    const verified = await tryApi(step.api, endpoints.fulfillment.verifyAddress, {
      params: { orderNumber: step.orderNumber },
      json: toAddress(input.address),
    });
    if (!verified.ok) {
      const problem = addressError(verified.error.code);
      return schedule(
        input,
        problem ? { [problem.field]: problem.message } : { form: FULFILLMENT_MESSAGES.failed },
        problem ? 422 : 502,
      );
    }
    const { address, corrected, distanceMiles } = verified.value.data;
    return schedule(input, {}, 200, { address, corrected, distanceMiles });
  }

  const body: BodyOf<typeof endpoints.fulfillment.book> =
    input.method === 'PICKUP'
      ? {
          method: 'PICKUP',
          date: input.date,
          time: input.time,
          locationId: input.locationId,
          ...(input.instructions ? { instructions: input.instructions } : {}),
        }
      : {
          method: 'DELIVERY',
          date: input.date,
          time: input.time,
          address: toAddress(input.address),
          ...(input.instructions ? { instructions: input.instructions } : {}),
        };
  const booked = await tryApi(step.api, endpoints.fulfillment.book, {
    params: { orderNumber: step.orderNumber },
    json: body,
  });
  if (!booked.ok) {
    if (booked.error.code === 'error.fulfillment.badTime')
      return schedule(input, { time: outsideHoursMessage(window.businessHours, window.timeZone) }, 422);
    const problem = addressError(booked.error.code);
    if (problem) return schedule(input, { [problem.field]: problem.message }, 422);
    const message =
      booked.error.code === 'error.fulfillment.notReady'
        ? 'You can schedule once your contract is signed and your payment is in.'
        : FULFILLMENT_MESSAGES.failed;
    return schedule(input, { form: message }, booked.error.status >= 500 ? 502 : 409);
  }
  return stepRedirect(request, `/fulfillment/${order}?requested=1`);
}
