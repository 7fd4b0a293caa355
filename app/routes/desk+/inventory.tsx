import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { DeskFrame } from '~/components/desk/desk-frame';
import { primaryButton, secondaryButton } from '~/components/ui/button';
import { Field, inputClass, labelClass } from '~/components/ui/field';
import { ApiError } from '~/lib/api.server';
import {
  DESK_VEHICLE_STATUSES,
  VEHICLE_PRICE_MAX_CENTS,
  deskVehiclePhotosSchema,
  deskVehicleStatusSchema,
  type DeskFeedRun,
  type DeskVehicle,
} from '~/lib/contract/desk';
import { endpoints } from '~/lib/contract/endpoints';
import { formErrors } from '~/lib/desk/forms';
import { deskMeta } from '~/lib/desk/meta';
import { commitDeskSession, deskCall, requireStaffPage } from '~/lib/desk/session.server';
import { when } from '~/lib/desk/when';
import { formatCurrencyInputValue, formatUsd } from '~/lib/shared/money';
import { getTenantForRequest } from '~/lib/shared/tenant/tenants.server';
import { dollarsSchema } from '~/lib/shared/validation/money';

// Inventory at the desk (issue 33): the feed's runs with the rows they refused and the photos
// that failed, and each vehicle's price and status set by hand (sales or admin), one plain form
// per vehicle, and its photos (one URL a line, in the order shoppers see them: lines added,
// removed or moved), fetched by the feed's photo pipeline.

export async function loader({ request }: LoaderFunctionArgs) {
  const { session, context, staff } = await requireStaffPage(request);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  const inventory = await deskCall(context, endpoints.desk.inventory, { query: q ? { q } : {} });
  const notice = session.get('notice') ?? null;
  return data(
    { staff, q, inventory: inventory.data, notice, timeZone: getTenantForRequest(request).timeZone },
    { headers: { 'set-cookie': await commitDeskSession(request, session), 'cache-control': 'no-store' } },
  );
}

const PRICE_MESSAGES = {
  required: 'Enter the price',
  invalid: 'Enter the price in whole dollars, like 24,995',
  range: `Enter a price from $1 to ${formatUsd(VEHICLE_PRICE_MAX_CENTS)}`,
};

const vehicleFormSchema = z.object({
  vin: z.string().min(1).max(17),
  price: dollarsSchema(PRICE_MESSAGES, 1, VEHICLE_PRICE_MAX_CENTS / 100),
  status: deskVehicleStatusSchema,
});

type Failed = { vin: string; errors: Record<string, string>; price: string; photos?: string };

/** The vehicle's photos, one URL a line: saved in that order, or the first problem told. */
async function photosAction(
  form: Record<string, FormDataEntryValue>,
  context: Awaited<ReturnType<typeof requireStaffPage>>['context'],
  session: Awaited<ReturnType<typeof requireStaffPage>>['session'],
): Promise<Failed | null> {
  const vin = String(form.vin ?? '').slice(0, 17);
  const text = String(form.photos ?? '');
  const photoUrls = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const parsed = deskVehiclePhotosSchema.safeParse({ photoUrls });
  if (!parsed.success) return { vin, errors: { photos: parsed.error.issues[0]!.message }, price: '', photos: text };
  try {
    await deskCall(context, endpoints.desk.vehiclePhotos, { params: { vin }, json: parsed.data });
    session.flash('notice', {
      type: 'success',
      message: `${vin} photos saved (${parsed.data.photoUrls.length}): new ones show once they are fetched.`,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || ![403, 409].includes(error.status)) throw error;
    session.flash('notice', {
      type: 'warning',
      message: error.status === 403 ? error.message : `${vin} was not changed: the feed removed it.`,
    });
  }
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, context } = await requireStaffPage(request);
  const form = Object.fromEntries(await request.formData());
  const back = async () =>
    redirect(`/desk/inventory${new URL(request.url).search}`, {
      headers: { 'set-cookie': await commitDeskSession(request, session) },
    });
  if (form.intent === 'photos') {
    const failed = await photosAction(form, context, session);
    return failed ? data(failed, { status: 400 }) : back();
  }
  const parsed = vehicleFormSchema.safeParse(form);
  if (!parsed.success) {
    const failedPrice: Failed = {
      vin: String(form.vin ?? ''),
      errors: formErrors(parsed.error),
      price: String(form.price ?? ''),
    };
    return data(failedPrice, { status: 400 });
  }
  const { vin, price, status } = parsed.data;
  try {
    await deskCall(context, endpoints.desk.updateVehicle, {
      params: { vin },
      json: { priceCents: price * 100, status },
    });
    session.flash('notice', {
      type: 'success',
      message: `${vin} saved: ${formatUsd(price * 100)}, ${DESK_VEHICLE_STATUSES[status]}.`,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || ![403, 409].includes(error.status)) throw error;
    session.flash('notice', {
      type: 'warning',
      message:
        error.status === 403
          ? error.message
          : `${vin} was not changed: a shopper’s checkout holds it, or the feed removed it.`,
    });
  }
  return back();
}

export const meta: MetaFunction = ({ matches }) => deskMeta(matches, 'Inventory');

function FeedRun({ run, timeZone }: { run: DeskFeedRun; timeZone: string }) {
  return (
    <li className="p-3" data-testid="desk-feed-run">
      <h3 className="font-semibold">
        {when(run.at, timeZone)}: {run.mode} feed of {run.rows.toLocaleString('en-US')} rows
      </h3>
      <p className="text-sm">
        {run.inserted} new · {run.updated} updated · {run.removed} removed · {run.rejected} rows refused ·{' '}
        {run.photoProblemCount} photos failed
      </p>
      {run.problems.length > 0 ? (
        <details className="mt-1 text-sm">
          <summary>Refused rows ({run.problemCount})</summary>
          <ul className="ml-4 list-disc">
            {run.problems.map((problem) => (
              <li key={`${problem.row}-${problem.column}`}>
                Row {problem.row}, {problem.column}: {problem.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {run.photoProblems.length > 0 ? (
        <details className="mt-1 text-sm">
          <summary>Failed photos ({run.photoProblemCount})</summary>
          <ul className="ml-4 list-disc">
            {run.photoProblems.map((problem) => (
              <li key={`${problem.row}-${problem.url}`} className="break-all">
                Row {problem.row}: {problem.reason}: {problem.url}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

function VehicleForm({ vehicle, failed }: { vehicle: DeskVehicle; failed: Failed | null }) {
  const editable = vehicle.status !== 'Deleted' && !vehicle.heldByShopper;
  return (
    <li className="p-3" data-testid="desk-vehicle">
      <h3 className="font-semibold">{vehicle.vehicle}</h3>
      <p className="text-sm">
        VIN {vehicle.vin}
        {vehicle.stockNumber ? ` · stock ${vehicle.stockNumber}` : ''}
        {vehicle.heldByShopper ? ' · held by a shopper’s checkout' : ''}
      </p>
      {editable ? (
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" preventScrollReset>
          <input type="hidden" name="vin" value={vehicle.vin} />
          <Field
            id={`price-${vehicle.vin}`}
            name="price"
            label="Price in dollars"
            inputMode="numeric"
            required
            defaultValue={
              failed && failed.photos === undefined
                ? failed.price
                : formatCurrencyInputValue(vehicle.priceCents, { wholeDollars: true })
            }
            errors={failed?.errors.price}
          />
          <div>
            <label htmlFor={`status-${vehicle.vin}`} className={labelClass}>
              Status
            </label>
            <select
              id={`status-${vehicle.vin}`}
              name="status"
              defaultValue={vehicle.status}
              className="mt-1 block rounded-tenant border border-gray-500 bg-white px-3 py-2 text-gray-900"
            >
              {deskVehicleStatusSchema.options.map((status) => (
                <option key={status} value={status}>
                  {DESK_VEHICLE_STATUSES[status]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={primaryButton}>
            Save<span className="sr-only"> {vehicle.vin}</span>
          </button>
        </Form>
      ) : (
        <p className="text-sm">{formatUsd(vehicle.priceCents)}</p>
      )}
      {vehicle.status !== 'Deleted' ? (
        <Form method="post" className="mt-2 flex flex-col gap-2" preventScrollReset>
          <input type="hidden" name="vin" value={vehicle.vin} />
          <Field
            id={`photos-${vehicle.vin}`}
            name="photos"
            label="Photo URLs, one a line, in the order shoppers see them"
            rows={Math.min(8, Math.max(3, vehicle.photoUrls.length + 1))}
            defaultValue={failed?.photos ?? vehicle.photoUrls.join('\n')}
            errors={failed?.errors.photos}
            trim={false}
          />
          <p>
            <button type="submit" name="intent" value="photos" className={secondaryButton}>
              Save photos<span className="sr-only"> of {vehicle.vin}</span>
            </button>
          </p>
        </Form>
      ) : null}
    </li>
  );
}

export default function DeskInventory() {
  const { staff, q, inventory, notice, timeZone } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <DeskFrame staff={staff} title="Inventory" notice={notice}>
      <section aria-labelledby="feed-runs" className="mb-6">
        <h2 id="feed-runs" className="mb-2 text-lg font-semibold">
          Feed runs
        </h2>
        {inventory.runs.length === 0 ? (
          <p>No feed has run yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-tenant border border-gray-300" aria-label="Feed runs">
            {inventory.runs.map((run) => (
              <FeedRun key={run.id} run={run} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="failed-photos" className="mb-6">
        <h2 id="failed-photos" className="mb-2 text-lg font-semibold">
          Photos that failed
        </h2>
        {inventory.failedPhotos.length === 0 ? (
          <p>No photo failed.</p>
        ) : (
          <ul className="ml-4 list-disc text-sm" aria-label="Photos that failed">
            {inventory.failedPhotos.map((photo) => (
              <li key={photo.url} className="break-all">
                {photo.reason}: {photo.url} ({when(photo.at, timeZone)})
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="vehicles">
        <h2 id="vehicles" className="mb-2 text-lg font-semibold">
          Vehicles
        </h2>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
          <div className="grow">
            <label htmlFor="desk-vehicle-search" className={labelClass}>
              VIN, stock number, make or model
            </label>
            <input id="desk-vehicle-search" name="q" type="search" defaultValue={q} className={inputClass} />
          </div>
          <button type="submit" className={secondaryButton}>
            Search
          </button>
        </Form>
        {inventory.vehicles.length === 0 ? (
          <p>No vehicle matches.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-tenant border border-gray-300" aria-label="Vehicles">
            {inventory.vehicles.map((vehicle) => (
              <VehicleForm
                key={vehicle.vin}
                vehicle={vehicle}
                failed={failed && failed.vin === vehicle.vin ? failed : null}
              />
            ))}
          </ul>
        )}
      </section>
    </DeskFrame>
  );
}
