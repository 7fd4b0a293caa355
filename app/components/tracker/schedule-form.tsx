import { Form, Link, useFetcher, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { Fulfillment, PickupLocation } from '~/lib/contract/tracker';
import { useHydrated } from '../hydrated';
import { useServerFormInUse } from '~/components/ui/server-form-in-use';
import { describeBusinessHours, slotsOn } from '~/lib/shared/dealer-time';
import { fulfillmentPath } from '~/lib/tracker/steps';
import { DELIVERY_RADIUS_MILES } from '~/lib/shared/pricing/delivery';
import {
  formatDisplayDate,
  type FulfillmentReply,
  type Method,
  type ScheduleInput,
  type ZipCheck,
} from '../../lib/tracker/fulfillment-form';
import { formatAddress } from '../../lib/shared/address-text';
import { CallUs } from './step-page';
import { TimePicker } from './time-picker';
import { Dialog } from '~/components/ui/dialog';
import { FieldError, Field, inputClass, labelClass } from '~/components/ui/field';
import { Notice } from '~/components/ui/alert-bar';
import { SubmitButton, secondaryButton, textLink } from '~/components/ui/button';

// Scheduling a pickup or a delivery (seed 002 §2, §4, §5): the method, the pickup location
// (a dialog with JavaScript, a plain list without), the delivery zip check (likewise), the
// address and its verification step, the date (past dates disabled, shown MM/DD/YYYY) and the
// time picker. A request starts Requested; the dealer confirms it.
//
// An island of the scheduling page hydrated on the shopper's first interaction with it
// (SchedulerIsland, decision 057): until then it is the no-JavaScript form. A part of it that
// has a form of its own without JavaScript (the pickup locations, the zip check, the times)
// keeps that form if the shopper is in it or changed it when the code arrives
// (useServerFormInUse), so nothing moves under the shopper's hand and nothing chosen is lost.

type ScheduleReply = Extract<FulfillmentReply, { kind: 'schedule' }>;

function MethodTabs({ orderNumber, method, change }: { orderNumber: string; method: Method; change: boolean }) {
  const tab = (value: Method, label: string) => (
    <Link
      to={fulfillmentPath(orderNumber, {
        method: value === 'PICKUP' ? 'pickup' : 'delivery',
        ...(change ? { change: '1' } : {}),
      })}
      replace
      preventScrollReset
      aria-current={method === value ? 'page' : undefined}
      className={`rounded-tenant border px-4 py-2 font-semibold ${method === value ? 'border-primary bg-primary text-primary-contrast' : 'border-black/30 hover:bg-black/5'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Delivery or pickup" className="flex flex-wrap gap-2">
      {tab('PICKUP', 'Pickup')}
      {tab('DELIVERY', 'Delivery')}
    </nav>
  );
}

function LocationCard({ location }: { location: PickupLocation }) {
  return (
    <span className="flex flex-col">
      <span className="font-semibold">{location.name}</span>
      <span className="text-sm text-gray-700">{formatAddress(location.address)}</span>
    </span>
  );
}

/** The pickup location: a dialog to change it with JavaScript, radio buttons without. */
function PickupLocationField({
  locations,
  defaultId,
  error,
}: {
  locations: PickupLocation[];
  defaultId: string;
  error?: string;
}) {
  const hydrated = useHydrated();
  const kept = useServerFormInUse('[data-testid="pickup-locations"]');
  const [selected, setSelected] = useState(defaultId || locations[0]?.id || '');
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(selected);
  const current = locations.find((location) => location.id === selected);
  if (!hydrated || kept) {
    return (
      <fieldset data-testid="pickup-locations" aria-describedby={error ? 'location-error' : undefined}>
        <legend className={labelClass}>Pickup location</legend>
        <div className="mt-1 flex flex-col gap-2">
          {locations.map((location) => (
            <label key={location.id} className="flex items-start gap-2 rounded-tenant border border-black/20 p-3">
              <input
                type="radio"
                name="locationId"
                value={location.id}
                defaultChecked={location.id === selected}
                className="mt-1 size-4"
              />
              <LocationCard location={location} />
            </label>
          ))}
        </div>
        <FieldError id="location-error" errors={error} />
      </fieldset>
    );
  }
  return (
    <div data-testid="pickup-locations">
      <span className={labelClass}>Pickup location</span>
      <input type="hidden" name="locationId" value={selected} />
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3 rounded-tenant border border-black/20 p-3">
        {current ? <LocationCard location={current} /> : <span>No location chosen</span>}
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setChoice(selected);
            setOpen(true);
          }}
        >
          Change location
        </button>
      </div>
      <FieldError id="location-error" errors={error} />
      <Dialog open={open} onClose={() => setOpen(false)} title="Choose a pickup location" testId="location-dialog">
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Pickup locations</legend>
          {locations.map((location) => (
            <label key={location.id} className="flex items-start gap-2 rounded-tenant border border-black/20 p-3">
              <input
                type="radio"
                name="location-choice"
                value={location.id}
                checked={choice === location.id}
                onChange={() => setChoice(location.id)}
                className="mt-1 size-4"
              />
              <LocationCard location={location} />
            </label>
          ))}
        </fieldset>
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="button"
            className={`${secondaryButton} border-primary bg-primary text-primary-contrast`}
            onClick={() => {
              setSelected(choice);
              setOpen(false);
            }}
          >
            Use this location
          </button>
          <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function ZipAnswer({ result, error }: { result: ZipCheck | null; error: string | null }) {
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!result) return null;
  return result.included ? (
    <Notice kind="success" testId="zip-check-result">
      Delivery to {result.zip} ({result.city}, {result.state}) is included: it is {result.distanceMiles} miles from the
      vehicle.
    </Notice>
  ) : (
    <Notice kind="warning" testId="zip-check-result">
      {result.zip} ({result.city}, {result.state}) is {result.distanceMiles} miles from the vehicle, beyond the{' '}
      {DELIVERY_RADIUS_MILES} miles delivery includes. <CallUs prefix="For a custom quote, call" />
    </Notice>
  );
}

function ZipCheckForm({ zip, busy }: { zip: string; busy: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value="check-zip" />
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <label htmlFor="check-zip" className={labelClass}>
            Zip code
          </label>
          <input
            id="check-zip"
            name="zip"
            inputMode="numeric"
            maxLength={5}
            defaultValue={zip}
            autoComplete="postal-code"
            className={inputClass}
          />
        </div>
        <SubmitButton loading={busy} variant="secondary">
          Check
        </SubmitButton>
      </div>
    </>
  );
}

/** The delivery zip check: a dialog with JavaScript, a plain section without. */
export function DeliveryZipCheck({ reply }: { reply: Extract<FulfillmentReply, { kind: 'zip' }> | null }) {
  const hydrated = useHydrated();
  const kept = useServerFormInUse('[data-testid="zip-check"]');
  const fetcher = useFetcher<FulfillmentReply>();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const answer = fetcher.data?.kind === 'zip' ? fetcher.data : reply;
  if (!hydrated || kept) {
    return (
      <section
        aria-labelledby="zip-check-title"
        className="flex flex-col gap-2 rounded-tenant bg-black/5 p-4"
        data-testid="zip-check"
      >
        <h3 id="zip-check-title" className="font-semibold">
          Check delivery to your zip
        </h3>
        <p className="text-sm">Delivery within {DELIVERY_RADIUS_MILES} miles of the vehicle is included.</p>
        <Form method="post" noValidate>
          <ZipCheckForm zip={answer?.zip ?? ''} busy={navigation.formData?.get('intent') === 'check-zip'} />
        </Form>
        {answer ? <ZipAnswer result={answer.result} error={answer.error} /> : null}
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-2" data-testid="zip-check">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
          Check delivery to your zip
        </button>
        <span className="text-sm">Delivery within {DELIVERY_RADIUS_MILES} miles of the vehicle is included.</span>
      </div>
      {answer && !open ? <ZipAnswer result={answer.result} error={answer.error} /> : null}
      <Dialog open={open} onClose={() => setOpen(false)} title="Check delivery to your zip" testId="zip-dialog">
        <fetcher.Form method="post" noValidate className="flex flex-col gap-3">
          <ZipCheckForm zip={answer?.zip ?? ''} busy={fetcher.state !== 'idle'} />
        </fetcher.Form>
        <div className="mt-3">{answer ? <ZipAnswer result={answer.result} error={answer.error} /> : null}</div>
        <div className="mt-4">
          <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function DateField({
  method,
  fulfillment,
  defaultValue,
  onChange,
  error,
}: {
  method: Method;
  fulfillment: Fulfillment;
  defaultValue: string;
  onChange: (date: string) => void;
  error?: string;
}) {
  const [value, setValue] = useState(defaultValue);
  const label = method === 'PICKUP' ? 'Pickup date' : 'Delivery date';
  const shown = formatDisplayDate(value);
  return (
    <Field
      id="appointment-date"
      name="date"
      type="date"
      label={label}
      min={fulfillment.earliestDate}
      max={fulfillment.latestDate}
      defaultValue={defaultValue}
      onValueInput={(date) => {
        setValue(date);
        onChange(date);
      }}
      errors={error}
      hint={
        <span data-testid="date-display">
          {shown ? `Selected: ${shown}` : 'MM/DD/YYYY'} · from {formatDisplayDate(fulfillment.earliestDate)} to{' '}
          {formatDisplayDate(fulfillment.latestDate)}
        </span>
      }
    />
  );
}

function Instructions({ defaultValue }: { defaultValue: string }) {
  const [length, setLength] = useState(defaultValue.length);
  return (
    <div>
      <label htmlFor="instructions" className={labelClass}>
        Instructions (optional)
      </label>
      <textarea
        id="instructions"
        name="instructions"
        maxLength={200}
        rows={2}
        defaultValue={defaultValue}
        onChange={(event) => setLength(event.currentTarget.value.length)}
        aria-describedby="instructions-remaining"
        className={inputClass}
      />
      <p id="instructions-remaining" className="mt-1 text-sm text-gray-700">
        {200 - length} characters remaining
      </p>
    </div>
  );
}

/** The hidden copy of a request, for the verification step's confirm form. */
function HiddenRequest({
  input,
  address,
}: {
  input: ScheduleInput;
  address: NonNullable<ScheduleReply['verify']>['address'];
}) {
  const fields: Record<string, string> = {
    intent: 'schedule',
    method: input.method,
    date: input.date,
    time: input.time,
    instructions: input.instructions,
    street: address.street,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state,
    zip: address.zip,
    addressConfirmed: '1',
  };
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The address verification step: the address as verified, confirmed before the request goes. */
function VerifyAddress({ reply, onEdit }: { reply: ScheduleReply; onEdit?: () => void }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('addressConfirmed') === '1';
  const verify = reply.verify!;
  return (
    <div className="flex flex-col gap-3" data-testid="address-verification">
      <p>
        {verify.corrected
          ? 'We matched your address to the post office’s records. Please check it:'
          : 'Please confirm your delivery address:'}
      </p>
      <p className="rounded-tenant bg-black/5 p-3 font-semibold" data-testid="verified-address">
        {formatAddress(verify.address)}
      </p>
      <p className="text-sm">It is {verify.distanceMiles} miles from the vehicle: delivery is included.</p>
      <Form method="post" className="flex flex-wrap gap-3">
        <HiddenRequest input={reply.input} address={verify.address} />
        <SubmitButton loading={busy}>Confirm address and request delivery</SubmitButton>
        {onEdit ? (
          <button type="button" className={secondaryButton} onClick={onEdit}>
            Edit address
          </button>
        ) : (
          <a href="#schedule-form" className={secondaryButton}>
            Edit address
          </a>
        )}
      </Form>
    </div>
  );
}

export function Scheduler({
  orderNumber,
  fulfillment,
  method,
  reply,
  change,
}: {
  orderNumber: string;
  fulfillment: Fulfillment;
  method: Method;
  reply: FulfillmentReply | null;
  change: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const scheduleReply = reply?.kind === 'schedule' && reply.input.method === method ? reply : null;
  const zipReply = reply?.kind === 'zip' ? reply : null;
  const [verifyOpen, setVerifyOpen] = useState(Boolean(scheduleReply?.verify));
  useEffect(() => setVerifyOpen(Boolean(scheduleReply?.verify)), [scheduleReply]);

  const input = scheduleReply?.input;
  const errors = scheduleReply?.errors ?? {};
  const current = fulfillment.method === method ? fulfillment : null;
  const address = input?.address ?? {
    street: current?.address?.street ?? '',
    line2: current?.address?.line2 ?? '',
    city: current?.address?.city ?? '',
    state: current?.address?.state ?? '',
    zip: current?.address?.zip ?? zipReply?.result?.zip ?? current?.checkoutZip ?? '',
  };
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'schedule' &&
    navigation.formData.get('addressConfirmed') !== '1';
  const pickup = method === 'PICKUP';
  const [date, setDate] = useState(input?.date ?? current?.date ?? '');
  // With JavaScript the picker offers the chosen day's times only; without, every time of the
  // week, and the server refuses one outside the day's hours with the hours in words.
  const daySlots = hydrated && date ? slotsOn(date, fulfillment.businessHours) : fulfillment.timeSlots;

  return (
    <div className="flex flex-col gap-4" data-testid="scheduler" data-method={method}>
      <MethodTabs orderNumber={orderNumber} method={method} change={change} />
      {!pickup ? <DeliveryZipCheck reply={zipReply} /> : null}
      {scheduleReply?.verify && !hydrated ? (
        <section aria-labelledby="verify-title" className="rounded-tenant border-2 border-primary p-4">
          <h3 id="verify-title" className="mb-2 text-lg font-semibold">
            Verify your address
          </h3>
          <VerifyAddress reply={scheduleReply} />
        </section>
      ) : null}
      {scheduleReply?.verify && hydrated ? (
        <Dialog
          open={verifyOpen}
          onClose={() => setVerifyOpen(false)}
          title="Verify your address"
          testId="verify-dialog"
        >
          <VerifyAddress reply={scheduleReply} onEdit={() => setVerifyOpen(false)} />
        </Dialog>
      ) : null}
      <Form method="post" noValidate id="schedule-form" className="flex flex-col gap-2" data-testid="schedule-form">
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="method" value={method} />
        {errors.form ? <Notice kind="error">{errors.form}</Notice> : null}
        {pickup ? (
          <PickupLocationField
            locations={fulfillment.pickupLocations}
            defaultId={input?.locationId ?? current?.location?.id ?? ''}
            error={errors.locationId}
          />
        ) : (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 font-semibold">Delivery address</legend>
            <Field
              id="street"
              name="street"
              label="Street address"
              autoComplete="address-line1"
              maxLength={60}
              defaultValue={address.street}
              errors={errors.street}
            />
            <Field
              id="line2"
              name="line2"
              label="Apartment or suite (optional)"
              autoComplete="address-line2"
              maxLength={16}
              defaultValue={address.line2}
            />
            <div className="grid grid-cols-1 gap-x-4 tablet:grid-cols-[1fr_6rem_8rem]">
              <Field
                id="city"
                name="city"
                label="City"
                autoComplete="address-level2"
                maxLength={40}
                defaultValue={address.city}
                errors={errors.city}
              />
              <Field
                id="state"
                name="state"
                label="State"
                autoComplete="address-level1"
                maxLength={2}
                defaultValue={address.state}
                errors={errors.state}
              />
              <Field
                id="zip"
                name="zip"
                label="Zip code"
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={5}
                defaultValue={address.zip}
                errors={errors.zip}
              />
            </div>
          </fieldset>
        )}
        <DateField
          key={`date-${method}`}
          method={method}
          fulfillment={fulfillment}
          defaultValue={input?.date ?? current?.date ?? ''}
          onChange={setDate}
          error={errors.date}
        />
        <p className="text-sm text-gray-700" data-testid="business-hours">
          Our hours: {describeBusinessHours(fulfillment.businessHours, fulfillment.timeZone)}.
        </p>
        <TimePicker
          key={`time-${method}`}
          id="appointment-time"
          name="time"
          label={pickup ? 'Pickup time' : 'Delivery time'}
          slots={daySlots}
          emptyText={date ? 'We are closed that day. Please choose another date.' : undefined}
          defaultValue={input?.time ?? current?.time ?? null}
          error={errors.time}
        />
        <Instructions defaultValue={input?.instructions ?? current?.instructions ?? ''} />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <SubmitButton loading={busy}>{pickup ? 'Request pickup' : 'Continue'}</SubmitButton>
          {change ? (
            <Link to={fulfillmentPath(orderNumber)} className={textLink}>
              Keep my current appointment
            </Link>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
